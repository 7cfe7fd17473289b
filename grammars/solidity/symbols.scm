; Solidity symbols (tree-sitter-solidity, via @repomix/tree-sitter-wasms 0.1.17). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/solidity.ts (constructor, receive and fallback named by their keyword; functions in
; contracts, interfaces and libraries are methods).

(contract_declaration name: (identifier) @name) @symbol.class
(interface_declaration name: (identifier) @name) @symbol.interface
(library_declaration name: (identifier) @name) @symbol.module
(function_definition name: (identifier) @name) @symbol.function
(modifier_definition name: (identifier) @name) @symbol.function
(constructor_definition) @symbol.constructor
(fallback_receive_definition) @symbol.function
(state_variable_declaration name: (identifier) @name) @symbol.field
(event_definition name: (identifier) @name) @symbol.event
(error_declaration name: (identifier) @name) @symbol.struct
(struct_declaration name: (identifier) @name) @symbol.struct
(struct_member name: (identifier) @name) @symbol.field
(enum_declaration name: (identifier) @name) @symbol.enum
(enum_value) @name @symbol.enummember
(user_defined_type_definition name: (identifier) @name) @symbol.type
(source_file (constant_variable_declaration name: (identifier) @name) @symbol.constant)
