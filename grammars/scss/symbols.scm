; SCSS symbols (tree-sitter-scss, via @cursorless/tree-sitter-wasms 0.7). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/css.ts (shared with CSS: a rule is named by its selectors, an at-rule by its text up
; to `{`). Nested rules nest; mixins and functions are functions, `%placeholder` selectors classes, module-level
; `$variables` variables.

(rule_set (selectors) @name) @symbol.class
(mixin_statement (name) @name) @symbol.function
(function_statement (name) @name) @symbol.function
(placeholder (name) @name) @symbol.class
(media_statement) @symbol.module
(supports_statement) @symbol.module
(at_rule) @symbol.module
(keyframes_statement (keyframes_name) @name) @symbol.function
(stylesheet (declaration (variable_name) @name) @symbol.variable)
; custom properties: --main-color: …
(declaration (property_name) @name (#match? @name "^--")) @symbol.variable
