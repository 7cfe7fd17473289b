/**
 * What a `locus` client and the background Locus say to each other over the socket (docs/operations.md, "The
 * daemon"): one JSON object per line. The client sends its argv, folder and terminal facts, then stdin when asked
 * for it and Ctrl-C; the daemon sends stdout and stderr text in order, asks for stdin, says when Ctrl-C cancels, and
 * ends with the exit code.
 */
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';

/** Bumped when a message changes shape (a client and a daemon of different builds never talk anyway). */
export const PROTOCOL = 1;

/** The longest line either side reads: output is sent in frames of at most `FRAME_CHARS` characters. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Characters of stdout or stderr text per frame. */
export const FRAME_CHARS = 1024 * 1024;

/** Messages from the client. */
export type ClientMessage =
  | {
      t: 'call';
      v: number;
      build: string;
      argv: string[];
      cwd: string;
      /** The client's stderr: a terminal or not, and its width. */
      tty: boolean;
      columns: number;
    }
  /** A piece of stdin (base64), after a `pull`; `end` when stdin is at its end. */
  | { t: 'in'; d: string }
  | { t: 'in-end' }
  /** Ctrl-C, sent while a command said it is cancellable. */
  | { t: 'int' }
  /** `locus daemon status` and `stop`. */
  | { t: 'status'; build: string }
  | { t: 'stop'; build: string };

/** Messages from the daemon. */
export type DaemonMessage =
  | { t: 'accepted'; pid: number }
  /** Another build: the daemon leaves, the client starts a new one. */
  | { t: 'mismatch'; build: string }
  | { t: 'out'; s: string }
  | { t: 'err'; s: string }
  /** More stdin, please. */
  | { t: 'pull' }
  /** Ctrl-C cancels the call from now on (`on`), or no more (the default: it ends the client). */
  | { t: 'cancellable'; on: boolean }
  | { t: 'exit'; code: number }
  | { t: 'status'; facts: DaemonFacts }
  | { t: 'stopping' };

/** What a daemon says about itself. */
export interface DaemonFacts {
  pid: number;
  root: string;
  build: string;
  /** When it started and when the last call ended (ms since the epoch). */
  started: number;
  lastCall: number;
  /** Calls answered, and running now. */
  calls: number;
  running: number;
  idleMs: number;
  rss: number;
}

/** One message as a line. */
export function frame(message: ClientMessage | DaemonMessage): string {
  return `${JSON.stringify(message)}\n`;
}

/** Parses a line; undefined for anything that is not a message object. */
export function parseMessage<T extends { t: string }>(line: string): T | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as T).t === 'string'
      ? (value as T)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `onMessage` with each message arriving on `socket`, and `onEnd` once when it closes. A line longer than
 * `MAX_LINE_BYTES` ends the connection. (Events, not the async line reader of `check`: iterating a stream
 * asynchronously costs the client, which must load almost nothing, a few milliseconds of its start.)
 */
export function readMessages<T extends { t: string }>(
  socket: Socket,
  onMessage: (message: T) => void,
  onEnd: () => void,
): void {
  let parts: Buffer[] = [];
  let size = 0;
  socket.on('data', (chunk: Buffer) => {
    let from = 0;
    for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, from)) {
      parts.push(chunk.subarray(from, newline));
      const line = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
      parts = [];
      size = 0;
      from = newline + 1;
      const message = parseMessage<T>(line.toString('utf8'));
      if (message) onMessage(message);
    }
    if (from < chunk.length) {
      parts.push(chunk.subarray(from));
      size += chunk.length - from;
      if (size > MAX_LINE_BYTES) socket.destroy();
    }
  });
  socket.once('close', onEnd);
}

/**
 * `text` in pieces of at most `FRAME_CHARS` characters, never cut inside a surrogate pair (each piece becomes
 * UTF-8 on its own, and a lone half would turn into U+FFFD).
 */
export function pieces(text: string): string[] {
  const parts: string[] = [];
  let at = 0;
  while (text.length - at > FRAME_CHARS) {
    let end = at + FRAME_CHARS;
    const before = text.charCodeAt(end - 1);
    if (before >= 0xd800 && before <= 0xdbff) end--;
    parts.push(text.slice(at, end));
    at = end;
  }
  parts.push(at === 0 ? text : text.slice(at));
  return parts;
}

/**
 * The build of the Locus code next to this module (written by `npm run build` into the bundle folder); undefined
 * outside the bundle, where the client runs every command in-process.
 */
export function buildId(): string | undefined {
  const override = process.env.LOCUS_DAEMON_BUILD_ID; // tests: a build that differs from the daemon's
  if (override) return override;
  try {
    return readFileSync(new URL('./build-id.txt', import.meta.url), 'latin1').trim() || undefined;
  } catch {
    return undefined;
  }
}
