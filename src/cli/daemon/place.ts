/**
 * Where the background Locus of a workspace lives (docs/operations.md, "The daemon"): a folder only its user can
 * enter, and in it one socket, one facts file and one log per daemon, named by a key of everything an answer may
 * depend on besides the call itself. Loaded by the client on every call, so it uses nothing but Node's own modules.
 */
import { lstatSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { userCacheFolder } from '../../config/user-folders.js';

/** Runs every command in-process when set to anything but `0` or empty (also `--no-daemon`). */
export const NO_DAEMON_ENV = 'LOCUS_NO_DAEMON';
/** The daemon's folder, instead of `$XDG_RUNTIME_DIR/locus` or the user cache folder's `daemon/`. */
export const DAEMON_DIR_ENV = 'LOCUS_DAEMON_DIR';
/** Seconds without a call after which a daemon leaves (default 600). */
export const IDLE_ENV = 'LOCUS_DAEMON_IDLE';

/** True when `LOCUS_NO_DAEMON` runs every command in-process: set to anything but empty or `0`. */
export function daemonSwitchedOff(env: NodeJS.ProcessEnv): boolean {
  const switched = env[NO_DAEMON_ENV] ?? '';
  return switched !== '' && switched !== '0';
}

/**
 * Variables that differ between two shells of the same user without changing any answer, left out of the key
 * (everything else in the environment is part of it: PATH finds the servers, LOCUS_* and XDG_* choose folders,
 * GOFLAGS or VIRTUAL_ENV change what a server answers). The daemon switches themselves are not part of it either.
 */
const VOLATILE = new Set(['PWD', 'OLDPWD', 'SHLVL', '_', 'COLUMNS', 'LINES', NO_DAEMON_ENV, DAEMON_DIR_ENV]);

/** A daemon's files. */
export interface DaemonPlace {
  dir: string;
  key: string;
  socket: string;
  /** JSON facts (pid, root, build, start) written once it listens; `locus daemon status` reads them. */
  facts: string;
  /** Its stderr (language-server traces and faults). */
  log: string;
}

/** What the key is made of. */
export interface KeyParts {
  /** The workspace root's real path. */
  realRoot: string;
  /** The Locus package folder (two installs never share a daemon). */
  packageDir: string;
  env: NodeJS.ProcessEnv;
  /** The caller's working directory, which matters only through relative paths in the environment. */
  cwd: string;
  umask: number;
}

/** The daemon folder for this environment. */
export function daemonFolder(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env[DAEMON_DIR_ENV];
  if (explicit && path.isAbsolute(explicit)) return explicit;
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && path.isAbsolute(runtime)) return path.join(runtime, 'locus');
  const cache = env.LOCUS_CACHE_DIR;
  return path.join(cache && path.isAbsolute(cache) ? cache : userCacheFolder(env), 'daemon');
}

/**
 * Makes sure `dir` exists and only this user can enter it: created 0700 when missing; an existing one must be a
 * real folder (not a link), owned by this user, with no access for group or others. Otherwise another local user
 * could reach the socket (and run Locus as this user: read files, apply edits) or put a socket of their own there
 * (and read what this user sends). Returns why not, or undefined when it is safe.
 */
export function unsafeFolder(dir: string): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return 'this platform has no user ids (the daemon needs Unix sockets)';
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stats = lstatSync(dir);
    if (!stats.isDirectory()) return `${dir} is not a folder`;
    if (stats.uid !== uid) return `${dir} belongs to another user`;
    if ((stats.mode & 0o077) !== 0)
      return `${dir} is open to other users (mode ${(stats.mode & 0o777).toString(8)})`;
  } catch (error) {
    return `${dir} cannot be created (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  return undefined;
}

/** The key of the daemon that may answer for these parts. */
export function daemonKey(parts: KeyParts): string {
  const fields = [String(process.getuid?.() ?? ''), parts.realRoot, parts.packageDir, String(parts.umask)];
  const names = Object.keys(parts.env)
    .filter((name) => !VOLATILE.has(name))
    .sort();
  for (const name of names) fields.push(`${name}=${parts.env[name] ?? ''}`);
  // Relative entries of PATH (servers) or a relative cache folder resolve against the caller's folder.
  if (dependsOnCwd(parts.env)) fields.push(parts.cwd);
  return hash96(fields.join('\0'));
}

/**
 * A 96-bit hash in plain JavaScript (three 32-bit FNV-1a-style lanes with different seeds and a final mix):
 * `node:crypto` would cost the client several milliseconds to load. Not a security measure: two keys that
 * collided would share a daemon, which still answers a call for another root as a one-shot process would.
 */
function hash96(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x5bd1e995;
  let c = 0x9e3779b9;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000195);
    c = Math.imul(c ^ code, 0x01000197);
  }
  return [a, b, c].map((h) => (mix(h) >>> 0).toString(16).padStart(8, '0')).join('');
}

function mix(h: number): number {
  const x = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return x ^ (x >>> 12);
}

function dependsOnCwd(env: NodeJS.ProcessEnv): boolean {
  const relative = (value: string | undefined) =>
    value !== undefined && value !== '' && !path.isAbsolute(value);
  return (
    relative(env.LOCUS_CACHE_DIR) ||
    (env.PATH ?? '').split(path.delimiter).some((entry) => entry === '' || relative(entry))
  );
}

/** The files of the daemon with this key; undefined when the socket path would be too long for the platform. */
export function daemonPlace(dir: string, key: string): DaemonPlace | undefined {
  const socket = path.join(dir, `${key}.sock`);
  // sockaddr_un holds 108 bytes on Linux, 104 on macOS, terminator included.
  if (Buffer.byteLength(socket) > 100) return undefined;
  return {
    dir,
    key,
    socket,
    facts: path.join(dir, `${key}.json`),
    log: path.join(dir, `${key}.log`),
  };
}

/** The facts a daemon wrote when it started listening (`DaemonFacts` as of then); undefined when absent or unreadable. */
export function readFacts(
  file: string,
): { pid: number; root: string; build: string; started: number } | undefined {
  try {
    const facts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const { pid, root, build, started } = facts;
    if (typeof pid !== 'number' || typeof root !== 'string' || typeof build !== 'string') return undefined;
    return { pid, root, build, started: typeof started === 'number' ? started : 0 };
  } catch {
    return undefined;
  }
}
