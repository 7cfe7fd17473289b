; C++ symbols (tree-sitter-cpp 0.23). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/c.ts
; As C, plus classes, namespaces (a path segment; `a::b` split), templates (in the full range),
; `using` aliases, in-class prototypes, and out-of-line definitions `void Foo::bar()` → Foo.bar.

(preproc_def name: (identifier) @name) @symbol.macro
(preproc_function_def name: (identifier) @name) @symbol.macro

(namespace_definition name: (_) @name) @symbol.namespace

(template_declaration [(function_definition) (class_specifier) (struct_specifier) (union_specifier)
  (declaration) (alias_declaration) (template_declaration) (concept_definition)] @wrapped) @wrapper

(function_definition declarator: (_) @_declarator) @symbol.function

; `lua_State *(luaL_newstate) (void);` read as a multiplication: a compiler knows lua_State is a type,
; and a file-level expression statement cannot exist, so it is a prototype (hook checks the parent)
(expression_statement (binary_expression operator: "*" right: (call_expression
  function: [(identifier) (parenthesized_expression (identifier))] @_callee))) @symbol.function
; `lua_Number (lua_version) (lua_State *L);` read as calls: type(name)(parameters)
(expression_statement (call_expression function: (call_expression function: (identifier)
  arguments: (argument_list . (identifier) @_callee .)))) @symbol.function

; declarations: the hook keeps namespace-level ones (variables, prototypes, static member
; definitions; also in extern "C", templates, #if blocks) and in-class constructor/destructor
; prototypes (plain `declaration`s in a class body), and drops locals
(declaration declarator: (_) @symbol.variable) @_declaration
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
