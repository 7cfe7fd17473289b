/**
 * The locate-string syntax as tools and the server's instructions explain it to an agent. A module of its own,
 * without zod, because the server's start needs it before any tool schema is built (docs/performance.md,
 * "Cold start").
 */
/**
 * The locate syntax in a few lines. It is stated once, in the server's instructions: repeating it in every tool's
 * input schema made `tools/list` 123 KB (docs/mcp.md, "Tools").
 */
export const LOCATE_SYNTAX = [
  'A locate string is `path[:scope][@find]`:',
  '- path: a file relative to the workspace root.',
  '- scope (optional): a line `42`, lines `10-20`, or a symbol path `Cart.total`, `Parser::new`, `(*Server).Start`, `Shape.area[1]` (the second symbol with that path); a unique suffix such as `total` is enough.',
  '- find (optional): code text searched inside the scope (whitespace-flexible around punctuation, words never split, case-sensitive). Everything after the `@` is find text, so `@` and `:` need no escaping.',
  '- no file known? `*:Cart.total` (anywhere), `src/**/*.py:Cart.total@…` (files a glob matches), or just `Cart.total` when no file of that name exists: found through the workspace symbol index; the answer gives the file-qualified locate string.',
  'Marker rule: `<|>` in the find text marks the cursor (no marker: the start of the match); if the code itself contains `<|>`, write `<<|>>`.',
  'Examples: `src/cart.py:Cart.total` (the method name), `src/cart.py:Cart.total@return <|>subtotal` (the word after return), `src/app.ts:42@foo(<|>` (inside the call on line 42), `src/cart.py@self.<|>` (right after the first `self.` in the file).',
].join('\n');

/** The object form of a locate, for clients that prefer structured arguments. */
export const LOCATE_OBJECT_FORM =
  'Object form (same meaning): {file_path, scope?: {symbol_path: ["Cart", "total"], symbol_index?} | {start_line, end_line?}, find?, find_index?}; `symbol_index` picks one of several symbols with that path (0-based), `find_index` one of several matches (0-based).';
