; YAML key paths (@tree-sitter-grammars/tree-sitter-yaml 0.7). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/yaml.ts (scalar keys decoded, sequence items named by index, kinds by value type);
; docs/locate-strings.md, "Key paths". Every document of a stream adds its own top-level keys (`[K]` tells them apart).

; key: value (block and flow mappings) → jobs.test.runs-on
(block_mapping_pair key: (_) @name) @symbol.key
(flow_pair key: (_) @name) @symbol.key

; a sequence: its items are named by their 0-based index → jobs.test.steps.0, expanded by the hook
(block_sequence) @symbol.key
(flow_sequence) @symbol.key
