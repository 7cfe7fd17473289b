/** The plain result and option types of cursor (no functions: a consumer's type graph stops here). */
import type { Position } from '../../core/positions.js';

/** The identifier (or its absence) under the cursor. */
export interface CursorSymbol {
  /** The identifier text under the cursor. */
  name: string;
  /** `declaration` when it names a symbol, else call, property, type, variable, import, … */
  role: string;
  /** Kind and full path when the identifier is a declaration's name. */
  kind?: string;
  path?: string;
  /** The innermost symbol enclosing the cursor. */
  enclosing?: { path: string; kind: string };
}

/** The cursor-context block as data (`cursor` in JSON). */
export interface CursorContext {
  operation: string;
  file_path: string;
  position: Position;
  display: string;
  /** Null when the cursor is on whitespace or punctuation. */
  symbol: CursorSymbol | null;
  snippet: string;
}
