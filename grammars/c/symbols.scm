; C symbols (tree-sitter-c 0.24). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/c.ts
; Declarations capture the *declarator* as the symbol; the hook digs out the name through pointer,
; array, init and function declarators and tells prototypes (function) from variables. A declaration
; with a single declarator is the full range (@wrapper), else the declarator.

(preproc_def name: (identifier) @name) @symbol.macro
(preproc_function_def name: (identifier) @name) @symbol.macro

(function_definition declarator: (_) @_declarator) @symbol.function

; `lua_State *(luaL_newstate) (void);` read as a multiplication: a compiler knows lua_State is a type,
; and a file-level expression statement cannot exist, so it is a prototype (hook checks the parent)
(expression_statement (binary_expression operator: "*" right: (call_expression
  function: [(identifier) (parenthesized_expression (identifier))] @_callee))) @symbol.function
; `lua_Number (lua_version) (lua_State *L);` read as calls: type(name)(parameters)
(expression_statement (call_expression function: (call_expression function: (identifier)
  arguments: (argument_list . (identifier) @_callee .)))) @symbol.function

; declarations: variables and prototypes; the hook keeps file-level ones (also inside #if/#ifdef
; blocks) and drops locals (one pattern with a hook check compiles much faster than one per parent)
(declaration declarator: (_) @symbol.variable) @_declaration
(declaration declarator: (_) @wrapped) @wrapper

; struct/union/enum with a body (forward declarations are not symbols)
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @symbol.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @symbol.struct
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @symbol.enum
(enumerator name: (identifier) @name) @symbol.enummember
(field_declaration declarator: (_) @symbol.field)
(field_declaration declarator: (_) @wrapped) @wrapper

; typedefs; `typedef struct {…} P` makes P the struct (hook)
(type_definition type: (_) @_type declarator: (_) @symbol.type)
(type_definition declarator: (_) @wrapped) @wrapper
