/**
 * Position and range shapes shared by every layer: LSP form (0-based, UTF-16) and display form
 * (1-based line, column in code points).
 */

/** LSP position: 0-based line, `character` in UTF-16 code units. */
export interface Position {
  line: number;
  character: number;
}

/** LSP range, end exclusive. */
export interface Range {
  start: Position;
  end: Position;
}

/** Human position: 1-based line, 1-based column counted in Unicode code points. */
export interface DisplayPosition {
  line: number;
  column: number;
}

/** Half-open span of UTF-16 offsets into a text (JS string indices; tree-sitter uses the same). */
export interface Span {
  start: number;
  end: number;
}

/** Orders two LSP positions. */
export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/** `path:line:col` for people (1-based, code points). */
export function formatDisplay(filePath: string, position: DisplayPosition): string {
  return `${filePath}:${position.line}:${position.column}`;
}
