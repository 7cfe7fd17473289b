/** The plain result and option types of locations (no functions: a consumer's type graph stops here). */
import type { Position } from '../../core/positions.js';

/** One place reported to the agent. */
export interface LocationRef {
  /** Relative to the workspace root, or absolute when outside it. */
  file_path: string;
  position: Position;
  display: string;
  /** Kind and path of the symbol declared here, when the location is a declaration's name. */
  declares?: { path: string; kind: string };
  /** The innermost symbol enclosing the location. */
  symbol?: { path: string; kind: string };
  /** The location's line with its 1-based number: `42 | return total`. */
  snippet?: string;
  /** A locate string that resolves back to this position (absent outside the workspace). */
  locate?: string;
  outside_workspace?: true;
}
