; Vue single-file component symbols (tree-sitter-vue of tree-sitter-grammars, via @repomix/tree-sitter-wasms 0.1.17). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/markup.ts. Elements with an id are symbols named by it, nested by containment
; (`cart.checkout`); the blocks `template`, `script` and `style` are symbols named by their tag, and the
; symbols of their JavaScript/TypeScript and CSS nest under them (`script.total`, docs/languages.md, "Embedded code").

(element [(start_tag) (self_closing_tag)] @_tag) @symbol.field
(script_element) @symbol.module
(style_element) @symbol.module
(template_element) @symbol.module
