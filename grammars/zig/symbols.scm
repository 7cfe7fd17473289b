; Zig symbols (@tree-sitter-grammars/tree-sitter-zig 1.1). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/zig.ts (const → constant, enum fields → enum members, functions in containers → methods).

; const Cart = struct {…}, enum {…}, union {…}, opaque {…}
(variable_declaration (identifier) @name (struct_declaration)) @symbol.struct
(variable_declaration (identifier) @name (enum_declaration)) @symbol.enum
(variable_declaration (identifier) @name (union_declaration)) @symbol.struct
(variable_declaration (identifier) @name (opaque_declaration)) @symbol.type

(function_declaration name: (identifier) @name) @symbol.function
(container_field name: (identifier) @name) @symbol.field
; test "name" {…}
(test_declaration (string (string_content) @name)) @symbol.function
(test_declaration (identifier) @name) @symbol.function

; file- and container-level constants and variables (not locals)
(source_file (variable_declaration (identifier) @name) @symbol.variable)
(struct_declaration (variable_declaration (identifier) @name) @symbol.variable)
(enum_declaration (variable_declaration (identifier) @name) @symbol.variable)
(union_declaration (variable_declaration (identifier) @name) @symbol.variable)
