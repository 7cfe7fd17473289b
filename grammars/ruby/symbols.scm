; Ruby symbols (tree-sitter-ruby, @vscode/tree-sitter-wasm). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/ruby.ts (`A::B` names, `def obj.x`, kinds by parent, `:sym` names).

(module name: (_) @name) @symbol.module
(class name: (_) @name) @symbol.class

; def x → method in a class/module (`class << self` is transparent), function elsewhere (hook)
(method name: (_) @name) @symbol.method
; def self.x → method of the enclosing class; def Obj.x → `Obj.x`
(singleton_method name: (_) @name) @symbol.method

; private def x … / protected def x … : the modifier call belongs to the method's range
(call
  method: (identifier) @_visibility
  arguments: (argument_list . [(method) (singleton_method)] @wrapped .)
  (#match? @_visibility "^(private|protected|public|module_function|private_class_method|public_class_method)$")) @wrapper

; define_method(:x) { … }
(call
  method: (identifier) @_define
  arguments: (argument_list . (simple_symbol) @name)
  (#eq? @_define "define_method")) @symbol.method

; attr_reader :a, :b → properties (each name its own range when there are several)
(call
  method: (identifier) @_attr
  arguments: (argument_list (simple_symbol) @name)
  (#match? @_attr "^attr_(reader|writer|accessor)$")) @symbol.property

; FOO = … → constant (`Point = Struct.new(…) do … end` → class, hook)
(assignment left: (constant) @name) @symbol.constant

; top-level local variables of a script
(program (assignment left: (identifier) @name) @symbol.variable)
