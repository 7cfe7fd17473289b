; Bash symbols (tree-sitter-bash 0.23, @vscode/tree-sitter-wasm). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/bash.ts (readonly / declare -r → constant, first assignment per name).

; f() { … }, function f { … }, function f() { … }; nested definitions nest (`outer.inner`)
(function_definition name: (word) @name) @symbol.function

; script-level variables: X=1, export X=1, declare -a X=(…), readonly X=1 (locals are not symbols)
(program (variable_assignment name: (variable_name) @name) @symbol.variable)
(program (declaration_command (variable_assignment name: (variable_name) @name)) @symbol.variable)
; declare -A MAP / readonly X without a value still declares X
(program (declaration_command ["declare" "typeset" "readonly"] (variable_name) @name) @symbol.variable)
