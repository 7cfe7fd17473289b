; Kotlin symbols (tree-sitter-kotlin from tree-sitter-wasms 0.1.13: no field names, so patterns are
; positional). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/kotlin.ts.

(class_declaration "interface" (type_identifier) @name) @symbol.interface
(class_declaration "enum" (type_identifier) @name) @symbol.enum
(class_declaration (type_identifier) @name) @symbol.class
(object_declaration (type_identifier) @name) @symbol.object
; companion object [Name] — named `Companion` when unnamed (hook)
(companion_object "companion" @_companion) @symbol.object

(enum_entry (simple_identifier) @name) @symbol.enummember
(type_alias (type_identifier) @name) @symbol.type

; fun f() → function; method in a class/object/interface (hook); fun T.f() → `T.f` (hook)
(function_declaration (simple_identifier) @name) @symbol.function
(secondary_constructor "constructor" @name) @symbol.constructor

; class C(val a: Int, var b: Int): primary-constructor properties
(class_parameter (binding_pattern_kind) (simple_identifier) @name) @symbol.property

; val/var: property in a class, variable at top level, constant with `const`, nothing in a body (hook);
; the getter/setter that follow a property belong to its range (hook)
(property_declaration (variable_declaration (simple_identifier) @name)) @symbol.property
(property_declaration (multi_variable_declaration (variable_declaration (simple_identifier) @name))) @symbol.property
