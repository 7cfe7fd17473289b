; Dart symbols (tree-sitter-dart of UserNobody14, via @repomix/tree-sitter-wasms 0.1.17). Convention:
; src/syntax/outline.ts. Hooks: src/syntax/languages/dart.ts: a method's or function's signature and its body are
; sibling nodes, so the hook spans both (with the annotations before them); constructors are named like Java's
; (`Cart.Cart`) and named constructors by their own name (`Cart.empty`); getters and setters are properties.

(class_definition name: (identifier) @name) @symbol.class
(mixin_declaration (identifier) @name) @symbol.class
(extension_declaration name: (identifier) @name) @symbol.class
(enum_declaration name: (identifier) @name) @symbol.enum
(enum_constant name: (identifier) @name) @symbol.enummember
(type_alias . (type_identifier) @name) @symbol.type

(method_signature (function_signature name: (identifier) @name)) @symbol.method
(method_signature (getter_signature name: (identifier) @name)) @symbol.property
(method_signature (setter_signature name: (identifier) @name)) @symbol.property
(method_signature [(constructor_signature) (factory_constructor_signature) (redirecting_factory_constructor_signature)] @_constructor) @symbol.constructor
(declaration [(constructor_signature) (factory_constructor_signature) (redirecting_factory_constructor_signature) (constant_constructor_signature)] @_constructor) @symbol.constructor
(declaration (function_signature name: (identifier) @name)) @symbol.method
(declaration (getter_signature name: (identifier) @name)) @symbol.property
(declaration (setter_signature name: (identifier) @name)) @symbol.property
(declaration (initialized_identifier_list (initialized_identifier . (identifier) @name))) @symbol.field
(declaration (static_final_declaration_list (static_final_declaration . (identifier) @name))) @symbol.field

(program (function_signature name: (identifier) @name) @symbol.function)
(program (getter_signature name: (identifier) @name) @symbol.property)
(program (static_final_declaration_list (static_final_declaration . (identifier) @name)) @symbol.variable)
(program (initialized_identifier_list (initialized_identifier . (identifier) @name)) @symbol.variable)
