; CSS symbols (tree-sitter-css 0.25, via @vscode/tree-sitter-wasm 0.3). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/css.ts (a rule is named by its selectors, an at-rule by its text up to `{`).
; Selectors hold `.`, `:` and spaces, so their paths are quoted: `app.css:".cart:hover"`.

(rule_set (selectors) @name) @symbol.class
(media_statement) @symbol.module
(supports_statement) @symbol.module
(at_rule) @symbol.module
(keyframes_statement (keyframes_name) @name) @symbol.function
; custom properties: --main-color: …
(declaration (property_name) @name (#match? @name "^--")) @symbol.variable
