; Python symbols (tree-sitter-python 0.25). Convention: src/syntax/outline.ts. Hooks: src/syntax/languages/python.ts

(class_definition name: (identifier) @name) @symbol.class

; function → method when its parent symbol is a class (hook)
(function_definition name: (identifier) @name) @symbol.function

; decorators belong to the full range
(decorated_definition definition: (_) @wrapped) @wrapper

; X = 1, X: int = 1, sku: str — variable/constant at module level, field in a class body (hook)
(assignment left: (identifier) @name) @symbol.variable

; a, b = …  (a, b) = …  [a, b] = …  — each plain name; the full range is the name
(assignment left: [
  (pattern_list [(identifier) @name (list_splat_pattern (identifier) @name)])
  (tuple_pattern [(identifier) @name (list_splat_pattern (identifier) @name)])
  (list_pattern [(identifier) @name (list_splat_pattern (identifier) @name)])
]) @symbol.variable

; self.attr = … in a method → field of the class (hook re-attaches, first per name only)
(assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @name)
  (#eq? @_self "self")) @symbol.field

; (no statement wrapper needed: an expression_statement has exactly its assignment's range)

; PEP 695 type aliases
(type_alias_statement left: (type (identifier) @name)) @symbol.type
