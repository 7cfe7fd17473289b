; Go symbols (tree-sitter-go 0.25). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/go.ts

(function_declaration name: (identifier) @name) @symbol.function

; func (s *Server[T]) Start() → Server.Start (pointer and type parameters stripped)
(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @qualifier))
  name: (field_identifier) @name) @symbol.method

; type declarations: struct, interface, anything else is `type`; aliases are `type`
(type_spec name: (type_identifier) @name type: (struct_type)) @symbol.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @symbol.interface
(type_spec name: (type_identifier) @name) @symbol.type
(type_alias name: (type_identifier) @name) @symbol.type
(type_declaration . [(type_spec) (type_alias)] @wrapped .) @wrapper

; struct fields (X, Y int → one symbol per name); an embedded field is named after its type (hook)
(field_declaration name: (field_identifier) @name) @symbol.field
(field_declaration !name type: (_) @name) @symbol.field

; interface methods; an embedded interface or constraint is a field named after its type (hook),
; as gopls lists it (`comparable`, `fmt.Stringer` → Stringer); unions (`~int | ~string`) are not symbols
(method_elem name: (field_identifier) @name) @symbol.method
(interface_type (type_elem . (_) @name .) @symbol.field)

; package-level const and var (`name:` is not on every identifier of `C, D = …` in this grammar)
(source_file (const_declaration (const_spec (identifier) @name) @symbol.constant))
(source_file (var_declaration (var_spec (identifier) @name) @symbol.variable))
(source_file (var_declaration (var_spec_list (var_spec (identifier) @name) @symbol.variable)))
(const_declaration . (const_spec) @wrapped .) @wrapper
(var_declaration . [(var_spec) (var_spec_list)] @wrapped .) @wrapper
(var_spec_list . (var_spec) @wrapped .) @wrapper
