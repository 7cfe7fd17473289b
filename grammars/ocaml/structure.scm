; OCaml implementation (.ml) symbols on top of ocaml/symbols.scm: let bindings at file or module level (not
; `let … in`; `let … and …` gives several), classes with their methods and instance variables.

(compilation_unit (value_definition (let_binding pattern: (value_name) @name) @symbol.function))
(structure (value_definition (let_binding pattern: (value_name) @name) @symbol.function))
(value_definition (let_binding) @wrapped) @wrapper

(class_binding (class_name) @name) @symbol.class
(class_definition (class_binding) @wrapped) @wrapper
(method_definition (method_name) @name) @symbol.method
(instance_variable_definition (instance_variable_name) @name) @symbol.field
