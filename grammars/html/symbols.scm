; HTML symbols (tree-sitter-html 0.23). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/markup.ts. Elements with an id are symbols named by it, nested by containment
; (`cart.checkout`); every `<script>` and `<style>` is a symbol named by its tag, and the
; symbols of their JavaScript/TypeScript and CSS nest under them (`script.total`, docs/languages.md, "Embedded code").

(element [(start_tag) (self_closing_tag)] @_tag) @symbol.field
(script_element) @symbol.module
(style_element) @symbol.module
