; Elm symbols (tree-sitter-elm 5.7 of @elm-tooling, via @cursorless/tree-sitter-wasms 0.7). Convention:
; src/syntax/outline.ts. A top-level declaration's type annotation belongs to its full range.

(type_alias_declaration name: (upper_case_identifier) @name) @symbol.type
(type_declaration name: (upper_case_identifier) @name) @symbol.enum
(union_variant name: (upper_case_identifier) @name) @symbol.enummember
(field_type name: (lower_case_identifier) @name) @symbol.field
(port_annotation name: (lower_case_identifier) @name) @symbol.function
; a value without parameters is a constant
(file (value_declaration (function_declaration_left . (lower_case_identifier) @name .)) @symbol.constant)
(file (value_declaration (function_declaration_left . (lower_case_identifier) @name)) @symbol.function)
(file (type_annotation) @attribute)
