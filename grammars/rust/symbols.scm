; Rust symbols (tree-sitter-rust 0.24). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/rust.ts

; #[…] before an item, field or variant belongs to its full range (doc comments do not)
(attribute_item) @attribute

; impl T / impl Trait for T: transparent, items are named T.item (generics, references, paths stripped)
(impl_item type: (_) @container.name) @container

; fn → method directly inside impl/trait (hook)
(function_item name: (identifier) @name) @symbol.function
(function_signature_item name: (identifier) @name) @symbol.function

(struct_item name: (type_identifier) @name) @symbol.struct
(union_item name: (type_identifier) @name) @symbol.struct
(enum_item name: (type_identifier) @name) @symbol.enum
(enum_variant name: (identifier) @name) @symbol.enummember
(field_declaration name: (field_identifier) @name) @symbol.field
(trait_item name: (type_identifier) @name) @symbol.interface
(type_item name: (type_identifier) @name) @symbol.type
(associated_type name: (type_identifier) @name) @symbol.type
(const_item name: (identifier) @name) @symbol.constant
(static_item name: (identifier) @name) @symbol.variable
(macro_definition name: (identifier) @name) @symbol.macro
(mod_item name: (identifier) @name) @symbol.module
