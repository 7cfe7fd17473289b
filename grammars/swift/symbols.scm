; Swift symbols (tree-sitter-swift from tree-sitter-wasms 0.1.13). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/swift.ts (kinds by parent, top-level let/var, extension names).

(class_declaration declaration_kind: "class" name: (type_identifier) @name) @symbol.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @symbol.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @symbol.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @symbol.enum
(protocol_declaration name: (type_identifier) @name) @symbol.interface

; extension T { … } is transparent: its members are named `T.member` (like Rust impl)
(class_declaration declaration_kind: "extension" name: (_) @container.name) @container

(enum_entry name: (simple_identifier) @name) @symbol.enummember
(typealias_declaration name: (type_identifier) @name) @symbol.type
(associatedtype_declaration name: (type_identifier) @name) @symbol.type

; func → method inside a type or extension, function elsewhere (hook). The name is the first `name:`
; child (the grammar also labels the return type `name:`), an identifier or an operator such as `+` (hook)
(function_declaration "func" @_func) @symbol.function
(protocol_function_declaration name: (simple_identifier) @name) @symbol.method
(init_declaration "init" @name) @symbol.constructor
(deinit_declaration "deinit" @name) @symbol.method
(subscript_declaration "subscript" @name) @symbol.method

; let/var: property in a type, constant/variable at top level, nothing in a body (hook)
(property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @symbol.property
(protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @symbol.property
