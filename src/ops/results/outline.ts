/** The plain result and option types of outline (no functions: a consumer's type graph stops here). */
import type { Position, Range } from '../../core/positions.js';

/** One symbol in an outline result. */
export interface OutlineEntry {
  name: string;
  path: string;
  kind: string;
  position: Position;
  display: string;
  range: Range;
  locate: string;
  children: OutlineEntry[];
  /** Descendants left out by an outline depth (see outline-page.ts). */
  hidden_children?: number;
}

export interface OutlineResult {
  ok: true;
  file_path: string;
  language: string;
  symbols: OutlineEntry[];
  /** Lines where the parser found syntax errors (1-based). */
  syntax_error_lines?: number[];
  /** Set when the symbols came from a language server because Locus has no grammar for the language: says so. */
  outline_source?: string;
}
