; TypeScript and TSX symbols (tree-sitter-typescript 0.23). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/typescript.ts (shared with tsx and javascript).

; ---- wrappers: export / declare belong to the full range (a statement with a single declarator: hook)
(export_statement declaration: (_) @wrapped) @wrapper
(export_statement value: (_) @wrapped) @wrapper
(ambient_declaration (_) @wrapped) @wrapper
(expression_statement . (internal_module) @wrapped .) @wrapper
(class_body (decorator) @attribute)

; ---- types and containers
(class_declaration name: (_) @name) @symbol.class
(abstract_class_declaration name: (_) @name) @symbol.class
(interface_declaration name: (_) @name) @symbol.interface
(type_alias_declaration name: (_) @name) @symbol.type
(enum_declaration name: (_) @name) @symbol.enum
(enum_body name: (_) @name @symbol.enummember)
(enum_assignment name: (_) @name) @symbol.enummember
(internal_module name: (_) @name) @symbol.namespace
(module name: (_) @name) @symbol.module

; ---- unnamed default exports are named `default` (the keyword is the name range)
(export_statement "default" @name value: (class !name) @symbol.class)
(export_statement "default" @name value: [(function_expression !name) (arrow_function)] @symbol.function)
;      an object literal (a Vue component's options, a config): `default`, its properties nested (hook)
(export_statement "default" @name value: (object) @symbol.constant)

; ---- functions, overload signatures
(function_declaration name: (_) @name) @symbol.function
(generator_function_declaration name: (_) @name) @symbol.function
(function_signature name: (_) @name) @symbol.function

; ---- class members (the hook turns `get`/`set` accessors into properties and `constructor` into a constructor)
(class_body (method_definition name: (_) @name) @symbol.method)
(class_body (method_signature name: (_) @name) @symbol.method)
(class_body (abstract_method_signature name: (_) @name) @symbol.method)
(class_body (public_field_definition name: (_) @name) @symbol.field)

; ---- parameter properties: constructor(private x: T) → property of the class (hook re-attaches)
(required_parameter [(accessibility_modifier) (override_modifier) "readonly"] pattern: (identifier) @name) @symbol.property
(optional_parameter [(accessibility_modifier) (override_modifier) "readonly"] pattern: (identifier) @name) @symbol.property

; ---- interface members, and members of object types anywhere in a declaration: `type T = A & { x: string }`,
;      `ErrorObject<"type", { type: string }>`, `interface I { p: { q: boolean } }`, `f(o: { y: number })`.
;      They nest under the nearest enclosing symbol (`T.x`, `I.p.q`, `f.y`); the hook drops those inside
;      function bodies (casts, annotations of locals) unless a local type alias or interface holds them.
(interface_body (property_signature name: (_) @name) @symbol.property)
(interface_body (method_signature name: (_) @name) @symbol.method)
(object_type (property_signature name: (_) @name) @symbol.property) @_object_type
(object_type (method_signature name: (_) @name) @symbol.method) @_object_type

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

; ---- other declarators at module level (program, namespace body); const → constant (hook);
;      destructuring names and object-literal properties are expanded by the hook
(program [
  (lexical_declaration (variable_declarator name: (_) @name) @symbol.variable)
  (variable_declaration (variable_declarator name: (_) @name) @symbol.variable)])
(export_statement declaration: [
  (lexical_declaration (variable_declarator name: (_) @name) @symbol.variable)
  (variable_declaration (variable_declarator name: (_) @name) @symbol.variable)])
(ambient_declaration [
  (lexical_declaration (variable_declarator name: (_) @name) @symbol.variable)
  (variable_declaration (variable_declarator name: (_) @name) @symbol.variable)])
(internal_module body: (statement_block [
  (lexical_declaration (variable_declarator name: (_) @name) @symbol.variable)
  (variable_declaration (variable_declarator name: (_) @name) @symbol.variable)]))
(module body: (statement_block [
  (lexical_declaration (variable_declarator name: (_) @name) @symbol.variable)
  (variable_declaration (variable_declarator name: (_) @name) @symbol.variable)]))
