; Scala symbols. Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/scala.ts.
; Only node types that both tree-sitter-wasms 0.1.13 (the manifest's grammar, ~0.20, which cannot
; parse much ordinary Scala: `()`, `for { … }`, `sealed trait` before a class, Scala 3) and
; tree-sitter-scala 0.24 know, so this query compiles against either. With 0.24, Scala 3 `enum`,
; `given` and `extension` could be added.

(class_definition name: (identifier) @name) @symbol.class
(object_definition name: (identifier) @name) @symbol.object
(trait_definition name: (identifier) @name) @symbol.interface
(type_definition name: (type_identifier) @name) @symbol.type

; def → method in a class/object/trait, function elsewhere; `def this(…)` → constructor (hook)
(function_definition name: (_) @name) @symbol.function
(function_declaration name: (_) @name) @symbol.function

; class C(val a: Int) and case-class parameters are properties; plain parameters are not (hook)
(class_parameter name: (identifier) @name) @symbol.property

; val/var: property in a class/object/trait, variable at top level, nothing in a body (hook)
; `val a, b = …` and `val (a, b) = …` give each name (hook)
(val_definition pattern: (_) @name) @symbol.variable
(var_definition pattern: (_) @name) @symbol.variable
(val_declaration name: (identifier) @name) @symbol.variable
(var_declaration name: (identifier) @name) @symbol.variable
