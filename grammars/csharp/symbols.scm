; C# symbols (tree-sitter-c-sharp 0.23, @vscode/tree-sitter-wasm). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/csharp.ts (dotted namespaces, file-scoped namespace extent, ~dtor, operators).

; namespace A.B { … } and file-scoped `namespace A.B;` (the hook splits the name and extends the
; file-scoped one over the declarations that follow it)
(namespace_declaration name: (_) @name) @symbol.namespace
(file_scoped_namespace_declaration name: (_) @name) @symbol.namespace

; types (attributes are children of the declaration, so they are in its range already)
(class_declaration name: (identifier) @name) @symbol.class
(struct_declaration name: (identifier) @name) @symbol.struct
(interface_declaration name: (identifier) @name) @symbol.interface
(enum_declaration name: (identifier) @name) @symbol.enum
(record_declaration "struct" name: (identifier) @name) @symbol.struct
(record_declaration name: (identifier) @name) @symbol.class
(delegate_declaration name: (identifier) @name) @symbol.function

(enum_member_declaration name: (identifier) @name) @symbol.enummember

; positional record parameters are properties: record Point(int X, int Y)
(record_declaration (parameter_list (parameter name: (identifier) @name) @symbol.property))

; members
(constructor_declaration name: (identifier) @name) @symbol.constructor
(destructor_declaration name: (identifier) @name) @symbol.method
(method_declaration name: (identifier) @name) @symbol.method
(operator_declaration operator: _ @name) @symbol.operator
(conversion_operator_declaration type: (_) @name) @symbol.operator
(local_function_statement name: (identifier) @name) @symbol.function
(property_declaration name: (identifier) @name) @symbol.property
(indexer_declaration "this" @name) @symbol.property
(event_declaration name: (identifier) @name) @symbol.event
(event_field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @symbol.event

; fields: `const` ones are constants; `int a, b;` gives each name its own (name-only) range
(field_declaration (modifier "const")
  (variable_declaration (variable_declarator name: (identifier) @name))) @symbol.constant
(field_declaration
  (variable_declaration (variable_declarator name: (identifier) @name))) @symbol.field
