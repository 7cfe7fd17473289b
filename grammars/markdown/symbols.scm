; Markdown symbols (tree-sitter-markdown of tree-sitter-grammars, block grammar, via @cursorless/tree-sitter-wasms
; 0.7). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/markdown.ts. A heading is a symbol named by
; its text, holding its section (the subsections nest: `README.md:Install."From source"`); a setext heading
; (underlined) is a symbol of its own lines.

(section (atx_heading heading_content: (_) @name)) @symbol.module
(setext_heading heading_content: (_) @name) @symbol.module
