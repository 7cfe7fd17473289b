; Objective-C symbols (tree-sitter-objc 3.0, a superset of tree-sitter-c). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/objc.ts: methods are named by their whole selector (`addItem:quantity:`, quoted in
; locate strings: `Cart."addItem:quantity:"`), properties by their declarator; C declarations as in c/symbols.scm.
; `@interface Cart` is the class; `@implementation Cart` and categories `@interface Cart (Discounts)` are
; transparent, so their methods are `Cart.…` too (a declared and a defined method are `[0]` and `[1]`).

(class_interface . (identifier) @name !category) @symbol.class
(class_interface . (identifier) @container.name category: (_)) @container
(class_implementation . (identifier) @container.name) @container
(protocol_declaration . (identifier) @name) @symbol.interface
(method_declaration) @symbol.method
(method_definition) @symbol.method
(property_declaration) @symbol.property

; C declarations (as grammars/c/symbols.scm)
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
