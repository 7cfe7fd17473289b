; C++ symbols (tree-sitter-cpp 0.23). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/c.ts
; As C, plus classes, namespaces (a path segment; `a::b` split), templates (in the full range),
; `using` aliases, in-class prototypes, and out-of-line definitions `void Foo::bar()` → Foo.bar.

(preproc_def name: (identifier) @name) @symbol.macro
(preproc_function_def name: (identifier) @name) @symbol.macro

(namespace_definition name: (_) @name) @symbol.namespace

(template_declaration [(function_definition) (class_specifier) (struct_specifier) (union_specifier)
  (declaration) (alias_declaration) (template_declaration) (concept_definition)] @wrapped) @wrapper

(function_definition declarator: (_) @_declarator) @symbol.function

; namespace-level declarations (variables, prototypes, static member definitions), in-class
; constructor/destructor prototypes (plain `declaration`s inside a class body)
(translation_unit (declaration declarator: (_) @symbol.variable))
(declaration_list (declaration declarator: (_) @symbol.variable))
(field_declaration_list (declaration declarator: (_) @symbol.variable))
(linkage_specification (declaration declarator: (_) @symbol.variable))
(template_declaration (declaration declarator: (_) @symbol.variable))
(preproc_if (declaration declarator: (_) @symbol.variable))
(preproc_ifdef (declaration declarator: (_) @symbol.variable))
(preproc_else (declaration declarator: (_) @symbol.variable))
(preproc_elif (declaration declarator: (_) @symbol.variable))
(declaration declarator: (_) @wrapped) @wrapper

(class_specifier name: (_) @name body: (field_declaration_list)) @symbol.class
(struct_specifier name: (_) @name body: (field_declaration_list)) @symbol.struct
(union_specifier name: (_) @name body: (field_declaration_list)) @symbol.struct
(enum_specifier name: (_) @name body: (enumerator_list)) @symbol.enum
(enumerator name: (identifier) @name) @symbol.enummember
(field_declaration declarator: (_) @symbol.field)
(field_declaration declarator: (_) @wrapped) @wrapper

(type_definition type: (_) @_type declarator: (_) @symbol.type)
(type_definition declarator: (_) @wrapped) @wrapper
(alias_declaration name: (type_identifier) @name) @symbol.type
