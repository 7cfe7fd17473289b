; Lua symbols (@tree-sitter-grammars/tree-sitter-lua 0.4). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/lua.ts (dotted names, kinds, which table fields count).

; function f(), local function f(), function M.a.f() → `M.a.f`, function M:m() → method `M.m`
(function_declaration name: (_) @name) @symbol.function

; local f = function() … end (anywhere) and, at top level, M.f = function() … end
(variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @name .)
    (expression_list . value: (function_definition) .))) @symbol.function
(chunk
  (assignment_statement
    (variable_list . name: [(identifier) (dot_index_expression)] @name .)
    (expression_list . value: (function_definition) .)) @symbol.function)

; top-level variables: local x = …, local x, X = … (global), M.x = … (field `M.x`);
; UPPER_CASE names and `<const>` locals are constants (hook)
(chunk (variable_declaration (assignment_statement (variable_list name: (identifier) @name))) @symbol.variable)
(chunk (variable_declaration (variable_list name: (identifier) @name)) @symbol.variable)
(chunk (assignment_statement (variable_list name: [(identifier) (dot_index_expression)] @name)) @symbol.variable)

; fields of a table constructor bound to a top-level name, recursively: M.helpers.describe (hook)
(field name: (identifier) @name value: (function_definition)) @symbol.function
(field name: (identifier) @name) @symbol.field
