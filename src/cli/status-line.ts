/**
 * The CLI's status line on stderr while a server starts or a project loads (docs/mcp.md, "Progress"): on a
 * terminal one line rewritten in place, dimmed (SGR 2) unless `NO_COLOR` is set, and erased before any other
 * output is written (`erase`, which the faces' `out`/`err` call first) and at the end; with `--progress` on a
 * non-terminal one plain line per event. Off with `--quiet`, and when stderr is not a terminal unless
 * `--progress` is given. Never stdout.
 */
import type { ProgressEvent, ProgressListener } from '../core/call.js';

/** Where and how to show the status. */
export interface StatusOptions {
  /** `--progress` was given. */
  progress: boolean;
  /** `--quiet` was given. */
  quiet: boolean;
  stream?: Pick<NodeJS.WriteStream, 'write' | 'isTTY' | 'columns'>;
  env?: NodeJS.ProcessEnv;
}

/** A status line: the listener to hand to operations, `erase()` before other output, and `done()` at the end. */
export interface StatusLine {
  onProgress: ProgressListener | undefined;
  /** Erases the line if it is shown (the next event draws it again). */
  erase(): void;
  done(): void;
}

/** The text of one event (`starting pyright…`, `pyright: Loading project (1/2 files) 50%`). */
export function statusText(event: ProgressEvent): string {
  const count = event.done !== undefined && event.total !== undefined ? ` ${event.done}/${event.total}` : '';
  const finished = event.kind === 'server-ready' || event.percentage === 100;
  const percent = event.percentage !== undefined && !finished ? ` ${Math.round(event.percentage)}%` : '';
  const ellipsis = finished ? '' : '…';
  return `${event.message}${count}${percent}${ellipsis}`;
}

/** Creates the status line for one command run. */
export function statusLine(options: StatusOptions): StatusLine {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  const tty = stream.isTTY === true;
  const none = () => undefined;
  if (options.quiet || (!tty && !options.progress)) return { onProgress: undefined, erase: none, done: none };
  if (!tty)
    return { onProgress: (event) => stream.write(`locus: ${statusText(event)}\n`), erase: none, done: none };
  const color = env.NO_COLOR === undefined || env.NO_COLOR === '';
  let shown = false;
  const width = () => Math.max(20, (stream.columns || 80) - 1);
  const erase = (): void => {
    if (shown) stream.write('\r\x1b[K');
    shown = false;
  };
  return {
    onProgress: (event) => {
      const line = `locus: ${statusText(event)}`.slice(0, width());
      stream.write(`\r\x1b[K${color ? `\x1b[2m${line}\x1b[22m` : line}`);
      shown = true;
    },
    erase,
    done: erase,
  };
}

/** The index's own progress (files done of total) as a status-line event, for every command that may build it. */
export function indexProgress(
  onProgress: ProgressListener | undefined,
): ((progress: { done: number; total: number }) => void) | undefined {
  if (onProgress === undefined) return undefined;
  let last = -Infinity;
  return ({ done, total }) => {
    // A build reports every file: a line a tenth of a second is enough, and the last one always shows.
    const now = performance.now();
    if (done < total && now - last < 100) return;
    last = now;
    const percentage = total === 0 ? 100 : (100 * done) / total;
    onProgress({ kind: 'index', message: 'indexing files', done, total, percentage });
  };
}
