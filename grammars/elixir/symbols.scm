; Elixir symbols (tree-sitter-elixir, via @cursorless/tree-sitter-wasms 0.7). Convention: src/syntax/outline.ts.
; Hooks: src/syntax/languages/elixir.ts (dotted module aliases, `defimpl … for:`, struct field names).

(call target: (identifier) @_kw (#any-of? @_kw "defmodule" "defprotocol") (arguments . (alias) @name)) @symbol.module
(call target: (identifier) @_kw (#eq? @_kw "defimpl") (arguments . (alias) @name)) @symbol.module

; def/defp/defmacro/defguard/defdelegate f(…), f(…) when …, and the zero-arity f
(call target: (identifier) @_kw
  (#any-of? @_kw "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")
  (arguments . [
    (call target: (identifier) @name)
    (identifier) @name
    (binary_operator left: (call target: (identifier) @name) operator: "when")
    (binary_operator left: (identifier) @name operator: "when")
  ])) @symbol.function

; @type t :: …, @typep, @opaque, @callback f(…) :: …
(unary_operator operator: "@" operand: (call target: (identifier) @_kw
  (#any-of? @_kw "type" "typep" "opaque")
  (arguments . (binary_operator left: [(identifier) @name (call target: (identifier) @name)])))) @symbol.type
(unary_operator operator: "@" operand: (call target: (identifier) @_kw
  (#any-of? @_kw "callback" "macrocallback")
  (arguments . (binary_operator left: (call target: (identifier) @name))))) @symbol.interface

; defstruct a: 1, b: nil / defstruct [:a, :b]
(call target: (identifier) @_kw (#eq? @_kw "defstruct") (arguments (keywords (pair key: (keyword) @name)))) @symbol.field
(call target: (identifier) @_kw (#eq? @_kw "defstruct") (arguments (list (atom) @name))) @symbol.field
