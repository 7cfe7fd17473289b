; PHP symbols (tree-sitter-php 0.24, @vscode/tree-sitter-wasm). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/php.ts (namespace segments and extent, constructors, promoted properties).

; namespace A\B; (extends to the next namespace, hook) and namespace A\B { … }
(namespace_definition name: (namespace_name) @name) @symbol.namespace

(class_declaration name: (name) @name) @symbol.class
(interface_declaration name: (name) @name) @symbol.interface
(trait_declaration name: (name) @name) @symbol.class
(enum_declaration name: (name) @name) @symbol.enum
(enum_case name: (name) @name) @symbol.enummember

(function_definition name: (name) @name) @symbol.function
; __construct is the constructor (hook)
(method_declaration name: (name) @name) @symbol.method

; const A = 1, B = 2; (class constants and namespace constants)
(const_declaration (const_element (name) @name)) @symbol.constant
; define('A', 1);
(expression_statement
  (function_call_expression
    function: (name) @_define
    arguments: (arguments . (argument (string (string_content) @name))))
  (#eq? @_define "define")) @symbol.constant

; properties keep their `$`: Cart.$items
(property_declaration (property_element name: (variable_name) @name)) @symbol.property
; constructor promotion: __construct(private string $x) → property of the class (hook)
(property_promotion_parameter name: (variable_name) @name) @symbol.property

; top-level $x = … of a script
(program (expression_statement (assignment_expression left: (variable_name) @name)) @symbol.variable)
