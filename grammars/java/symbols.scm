; Java symbols (tree-sitter-java 0.23). Convention: src/syntax/outline.ts. No hooks needed.
; Annotations are inside `modifiers`, so they are in the full range; javadoc is a sibling, so it is not.

(class_declaration name: (identifier) @name) @symbol.class
(interface_declaration name: (identifier) @name) @symbol.interface
(enum_declaration name: (identifier) @name) @symbol.enum
(annotation_type_declaration name: (identifier) @name) @symbol.interface
(enum_constant name: (identifier) @name) @symbol.enummember

; records are classes; their components are fields
(record_declaration name: (identifier) @name) @symbol.class
(record_declaration parameters: (formal_parameters (formal_parameter name: (identifier) @name) @symbol.field))

; constructors are named like the class (Foo.Foo)
(constructor_declaration name: (identifier) @name) @symbol.constructor
(compact_constructor_declaration name: (identifier) @name) @symbol.constructor
(method_declaration name: (identifier) @name) @symbol.method
(annotation_type_element_declaration name: (identifier) @name) @symbol.method

; fields: `int a, b;` gives one symbol per declarator; a declaration with one declarator is the full range
(field_declaration declarator: (variable_declarator name: (identifier) @name) @symbol.field)
(constant_declaration declarator: (variable_declarator name: (identifier) @name) @symbol.constant)
(field_declaration declarator: (_) @wrapped) @wrapper
(constant_declaration declarator: (_) @wrapped) @wrapper
