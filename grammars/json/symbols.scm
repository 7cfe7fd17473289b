; JSON key paths (tree-sitter-json 0.24). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/json.ts
; (names decoded from the key string, array elements named by index, kinds by value type);
; docs/locate-strings.md, "Key paths".

; "key": value → the key, nested by containment (package.json:scripts.test)
(pair key: (string) @name) @symbol.key

; an array: each of its elements is a symbol named by its 0-based index (files.0), expanded by the hook
(array) @symbol.key
