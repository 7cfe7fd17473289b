; TOML key paths (@tree-sitter-grammars/tree-sitter-toml 0.7). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/toml.ts (dotted and quoted keys, [[array]] elements by index, kinds by value type);
; docs/locate-strings.md, "Key paths".

; [tool.ruff] → the table `tool.ruff`; its pairs nest in it by containment (tool.ruff.line-length)
(table . [(bare_key) (quoted_key) (dotted_key)] @name) @symbol.object
; [[bin]] → the elements `bin.0`, `bin.1`, … (counted per header), expanded by the hook from the document
(document) @symbol.object

; key = value, a.b.c = value, "quoted.key" = value
(pair . [(bare_key) (quoted_key) (dotted_key)] @name) @symbol.key

; an array: its elements by index (features.0), expanded by the hook
(array) @symbol.key
