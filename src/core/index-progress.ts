/**
 * What the workspace index reports to callers of the public API: the files it left out and the progress of a
 * build. Shapes only; they live in core/ so the public type graph does not reach the index (docs/architecture.md,
 * "Public API").
 */

/** Files the index left out, by reason. */
export interface SkipCounts {
  /** Over the size limit. */
  tooLarge: number;
  /** Contain NUL bytes or are not valid UTF-8. */
  binary: number;
  /** Files or folders that could not be read (permissions, vanished mid-walk). */
  unreadable: number;
  /** Symbolic links (never followed: their targets inside the root are indexed under their own path). */
  symlinks: number;
}

/** Progress of a build: files parsed or loaded so far out of all files to index. */
export interface IndexProgress {
  done: number;
  total: number;
}

/** Called while a build runs. */
export type ProgressListener = (progress: IndexProgress) => void;
