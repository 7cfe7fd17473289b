; JavaScript (incl. JSX) symbols (tree-sitter-javascript 0.25). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/typescript.ts (shared with typescript and tsx).

; ---- wrappers: export belongs to the full range (a statement with a single declarator: hook)
(export_statement declaration: (_) @wrapped) @wrapper
(export_statement value: (_) @wrapped) @wrapper

; ---- classes and functions
(class_declaration name: (_) @name) @symbol.class
(function_declaration name: (_) @name) @symbol.function
(generator_function_declaration name: (_) @name) @symbol.function

; ---- unnamed default exports are named `default` (the keyword is the name range)
(export_statement "default" @name value: (class !name) @symbol.class)
(export_statement "default" @name value: [(function_expression !name) (arrow_function)] @symbol.function)
;      an object literal (a Vue component's options, a config): `default`, its properties nested (hook)
(export_statement "default" @name value: (object) @symbol.constant)

; ---- class members (the hook turns `get`/`set` accessors into properties and `constructor` into a constructor)
(class_body (method_definition name: (_) @name) @symbol.method)
(class_body (field_definition property: (_) @name) @symbol.field)

; ---- declarators whose value is a function or class: anywhere (local helpers nest under their function)
(variable_declarator name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @symbol.function
(variable_declarator name: (identifier) @name value: (class)) @symbol.class

; ---- module-level expando properties: `parseJson.code = "…"` gives the function `parseJson` a property
;      `code`, as the compiler reads it (`parseJson.code`; assignments inside function bodies are not declarations;
;      `module.exports = …` is the module's value, not a property)
(program (expression_statement (assignment_expression
  left: (member_expression object: (identifier) @qualifier property: (property_identifier) @name) @_target
  (#not-eq? @_target "module.exports"))) @symbol.property)

; ---- other declarators at module level; const → constant (hook);
;      destructuring names and object-literal properties are expanded by the hook
(program [
  (lexical_declaration (variable_declarator name: (_) @name) @symbol.variable)
  (variable_declaration (variable_declarator name: (_) @name) @symbol.variable)])
(export_statement declaration: [
  (lexical_declaration (variable_declarator name: (_) @name) @symbol.variable)
  (variable_declaration (variable_declarator name: (_) @name) @symbol.variable)])
