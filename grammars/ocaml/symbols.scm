; OCaml symbols for .ml and .mli (tree-sitter-ocaml 0.24, both grammars). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/ocaml.ts (a let or val with parameters or a function type is a function).

; let f x = … / let x = … at file or module level (not `let … in`); `let … and …` gives several
(compilation_unit (value_definition (let_binding pattern: (value_name) @name) @symbol.function))
(structure (value_definition (let_binding pattern: (value_name) @name) @symbol.function))
(value_definition (let_binding) @wrapped) @wrapper
(external (value_name) @name) @symbol.function
(value_specification (value_name) @name) @symbol.function

(type_binding name: (type_constructor) @name) @symbol.type
(type_definition (type_binding) @wrapped) @wrapper
(variant_declaration (constructor_declaration (constructor_name) @name) @symbol.enummember)
(record_declaration (field_declaration (field_name) @name) @symbol.field)
(exception_definition (constructor_declaration (constructor_name) @name)) @symbol.class

(module_binding (module_name) @name) @symbol.module
(module_definition (module_binding) @wrapped) @wrapper
(module_type_definition (module_type_name) @name) @symbol.interface

(class_binding (class_name) @name) @symbol.class
(class_definition (class_binding) @wrapped) @wrapper
(method_definition (method_name) @name) @symbol.method
(instance_variable_definition (instance_variable_name) @name) @symbol.field
