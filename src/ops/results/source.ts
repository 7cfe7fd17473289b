/** The plain result and option types of source (no functions: a consumer's type graph stops here). */
import type { ProgressListener } from '../../core/index-progress.js';

/** Options of source. */
export interface SourceOptions {
  maxLines?: number;
  /** Hears the index build when the locate is workspace-wide. */
  onProgress?: ProgressListener;
  /** The caller's cancel: a wait for the index ends with CANCELLED. */
  signal?: AbortSignal;
}

/** A child of a container, as an outline line. */
export interface SourceChild {
  name: string;
  kind: string;
  line: number;
  locate: string;
}

export interface SourceResult {
  ok: true;
  file_path: string;
  /** The canonical locate string of what is shown (file-qualified). */
  locate: string;
  symbol?: { path: string; kind: string };
  start_line: number;
  end_line: number;
  /** Lines shown, from `start_line`. */
  lines: string[];
  /** Set when cut at max_lines: the locate string of the rest. */
  continuation?: string;
  children?: SourceChild[];
  notes?: string[];
}
