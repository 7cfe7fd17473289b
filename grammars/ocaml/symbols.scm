; OCaml symbols of both grammars, .ml and .mli (tree-sitter-ocaml 0.24). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/ocaml.ts (a `val` or `external` of a function type is a function, a `let` with
; parameters or a `fun` body too). `.ml` adds ocaml/structure.scm (let bindings, classes).

(value_specification (value_name) @name) @symbol.function
(external (value_name) @name) @symbol.function

(type_binding name: (type_constructor) @name) @symbol.type
(type_definition (type_binding) @wrapped) @wrapper
(variant_declaration (constructor_declaration (constructor_name) @name) @symbol.enummember)
(record_declaration (field_declaration (field_name) @name) @symbol.field)
(exception_definition (constructor_declaration (constructor_name) @name)) @symbol.class

(module_binding (module_name) @name) @symbol.module
(module_definition (module_binding) @wrapped) @wrapper
(module_type_definition (module_type_name) @name) @symbol.interface
