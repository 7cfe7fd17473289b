/**
 * The client side of the warm CLI (docs/operations.md, "The daemon"): a `locus` command hands its argv, folder and
 * terminal to the background Locus of its workspace, starting it on first use, and plays back what it sends:
 * stdout, stderr, stdin on request, Ctrl-C, the exit code. Any doubt — another platform, an unsafe folder, a root
 * that does not exist, a daemon that does not start — runs the command in-process instead, which answers the same.
 * This module is loaded on every call before anything else, so it loads only Node's own modules and small leaves.
 */
import { openSync, closeSync, realpathSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { isatty } from 'node:tty';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../../core/wait-for.js';
import { COMMAND_NAMES } from '../command-names.js';
import { writeStdout } from '../write-stdout.js';
import {
  daemonFolder,
  daemonKey,
  daemonPlace,
  daemonSwitchedOff,
  NO_DAEMON_ENV,
  unsafeFolder,
  type DaemonPlace,
} from './place.js';
import {
  buildId,
  frame,
  PROTOCOL,
  readMessages,
  type ClientMessage,
  type DaemonMessage,
} from './protocol.js';

/** How long a new daemon may take to listen, and a daemon to accept a call, before the call runs in-process. */
const START_MS = 15_000;
const ACCEPT_MS = 15_000;

const DAEMON_COMMANDS: ReadonlySet<string> = new Set(COMMAND_NAMES);

/** Where a call would go: the daemon's files and root, or why it runs in-process. */
export type DaemonTarget = { place: DaemonPlace; realRoot: string } | { off: string };

/** The daemon that answers `argv` (a command line without `locus`), or why none does. */
export function daemonFor(argv: readonly string[], env = process.env, cwd = process.cwd()): DaemonTarget {
  if (process.platform === 'win32') return { off: 'Windows has no Unix sockets for it yet' };
  if (!DAEMON_COMMANDS.has(argv[0] ?? '')) return { off: `${argv[0] ?? 'no command'} runs in-process` };
  const flags = argv.slice(0, argv.includes('--') ? argv.indexOf('--') : argv.length);
  if (flags.includes('--no-daemon')) return { off: '--no-daemon' };
  if (daemonSwitchedOff(env)) return { off: `${NO_DAEMON_ENV}=${env[NO_DAEMON_ENV]}` };
  const root = path.resolve(cwd, rootArgument(flags) ?? '.');
  const realRoot = realDirectory(root);
  if (realRoot === undefined) return { off: `${root} is not a folder` };
  const dir = daemonFolder(env);
  const unsafe = unsafeFolder(dir);
  if (unsafe !== undefined) return { off: unsafe };
  const packageDir = fileURLToPath(new URL('../..', import.meta.url));
  const key = daemonKey({ realRoot, packageDir, env, cwd, umask: process.umask() });
  const place = daemonPlace(dir, key);
  return place ? { place, realRoot } : { off: `the socket path under ${dir} would be too long` };
}

/**
 * Runs a CLI call through the daemon of its workspace and resolves to its exit code, or to undefined when the call
 * should run in-process (nothing of it ran yet).
 */
export async function runClient(argv: string[]): Promise<number | undefined> {
  const build = buildId();
  const target = build === undefined ? undefined : daemonFor(argv);
  if (target === undefined || build === undefined || 'off' in target) return undefined;
  const { place, realRoot } = target;
  for (let attempt = 0; attempt < 2; attempt++) {
    const socket =
      (await open(place.socket)) ??
      ((await startDaemon(place, realRoot)) ? await open(place.socket) : undefined);
    if (socket === undefined) return undefined;
    const outcome = await call(socket, argv, build);
    if (outcome !== 'mismatch') return outcome;
    // The daemon of another build let its socket go and leaves: start this build's.
  }
  return undefined;
}

/** The last `--root` value before `--`, as `parseArgs` reads it (`--root X` or `--root=X`). */
function rootArgument(flags: readonly string[]): string | undefined {
  let root: string | undefined;
  for (let i = 1; i < flags.length; i++) {
    const arg = flags[i] as string;
    if (arg.startsWith('--root=')) root = arg.slice('--root='.length);
    else if (arg === '--root' && i + 1 < flags.length) root = flags[++i];
  }
  return root;
}

function realDirectory(dir: string): string | undefined {
  try {
    return statSync(dir).isDirectory() ? realpathSync.native(dir) : undefined;
  } catch {
    return undefined;
  }
}

/** A connection to the socket, or undefined when nothing listens there. */
export async function open(socketPath: string): Promise<Socket | undefined> {
  const socket = connect(socketPath);
  const connected = new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  if (await connected) return socket;
  socket.destroy();
  return undefined;
}

/**
 * Starts the daemon of `place` and waits until it listens (it says so on a pipe, then lives on alone). True when a
 * daemon listens now, this one or one another client started at the same time.
 */
export async function startDaemon(place: DaemonPlace, realRoot: string): Promise<boolean> {
  const { spawn } = await import('node:child_process');
  const main = fileURLToPath(new URL('./daemon-main.js', import.meta.url));
  let log: number | 'ignore' = 'ignore';
  try {
    log = openSync(place.log, 'w', 0o600);
  } catch {
    // no log: the daemon runs all the same
  }
  const child = spawn(process.execPath, [main, place.dir, place.key, realRoot], {
    detached: true,
    stdio: ['ignore', 'ignore', log, 'pipe'],
    env: process.env,
  });
  if (typeof log === 'number') closeSync(log);
  const pipe = child.stdio[3] as NodeJS.ReadableStream | null;
  const ready = new Promise<boolean>((resolve) => {
    let said = '';
    pipe?.on('data', (chunk: Buffer) => (said += chunk.toString('latin1')));
    pipe?.on('close', () => resolve(said.startsWith('ready')));
    child.once('error', () => resolve(false));
  });
  const outcome = await waitFor(ready, START_MS);
  (pipe as { destroy?: () => void } | null)?.destroy?.();
  child.unref();
  return outcome.done && outcome.value;
}

/** Plays one call through an open connection: its exit code, or `mismatch`/undefined (run it elsewhere). */
async function call(socket: Socket, argv: string[], build: string): Promise<number | 'mismatch' | undefined> {
  const send = (message: ClientMessage) => socket.write(frame(message));
  let answer!: (message: DaemonMessage | undefined) => void;
  const accepted = new Promise<DaemonMessage | undefined>((resolve) => (answer = resolve));
  let ended!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (ended = resolve));
  let session: Playback | undefined;
  let exitCode: number | undefined;
  readMessages<DaemonMessage>(
    socket,
    (message) => {
      if (session === undefined) {
        // Made at once: the call's first output may come in the same chunk as the acceptance.
        if (message.t === 'accepted') session = new Playback(send);
        answer(message);
      } else if (message.t === 'exit') ended((exitCode ??= message.code));
      else if (exitCode === undefined) session.play(message);
    },
    () => {
      if (session === undefined) answer(undefined);
      else if (exitCode === undefined) ended((exitCode = lostDaemon(argv)));
    },
  );
  // The caller's stderr as a terminal or not: `isatty` does not build the stderr stream just to ask.
  const tty = isatty(2);
  send({
    t: 'call',
    v: PROTOCOL,
    build,
    argv,
    cwd: process.cwd(),
    tty,
    columns: tty ? process.stderr.columns : 0,
  });
  const hello = await waitFor(accepted, ACCEPT_MS);
  if (!hello.done || session === undefined) {
    socket.destroy();
    return hello.done && hello.value?.t === 'mismatch' ? 'mismatch' : undefined;
  }
  try {
    return await exited;
  } finally {
    session.close();
    socket.destroy();
  }
}

/** The daemon went away in the middle of a call: a coded failure, as the in-process launcher reports a crash. */
function lostDaemon(argv: readonly string[]): number {
  const message =
    'internal error: the background Locus ended during the call; run it again, or with --no-daemon to run it in-process';
  if (argv.includes('--json'))
    writeStdout(`${JSON.stringify({ ok: false, error: { code: 'INTERNAL', message } })}\n`);
  process.stderr.write(`locus: ${message}\n`);
  return 1;
}

/** What the client does with the daemon's messages during one call. */
class Playback {
  private cancellable = false;
  private interrupted = false;
  /** Stdin is read only once a command asks for it (`check -`, `edit --file -`): then these are set. */
  private stdinOpen = false;
  private stdinEnded = false;
  private stdinWanted = false;
  private readonly onInterrupt = () => this.interrupt();

  constructor(private readonly send: (message: ClientMessage) => boolean) {
    process.on('SIGINT', this.onInterrupt);
  }

  play(message: DaemonMessage): void {
    if (message.t === 'out') writeStdout(message.s);
    else if (message.t === 'err') process.stderr.write(message.s);
    else if (message.t === 'cancellable') this.cancellable = message.on;
    else if (message.t === 'pull') this.pull();
  }

  close(): void {
    process.off('SIGINT', this.onInterrupt);
    if (this.stdinOpen) process.stdin.destroy();
  }

  /**
   * Ctrl-C as in-process: while the command is cancellable the first one cancels (the daemon answers CANCELLED)
   * and a second one exits 130 at once; otherwise the process ends by the signal, as a command without a handler
   * does. The daemon drops a call whose client went away.
   */
  private interrupt(): void {
    if (this.cancellable && !this.interrupted) {
      this.interrupted = true;
      this.send({ t: 'int' });
      return;
    }
    if (this.cancellable) process.exit(130);
    process.off('SIGINT', this.onInterrupt);
    process.kill(process.pid, 'SIGINT');
  }

  /** Sends the next piece of stdin once there is one, or its end. */
  private pull(): void {
    this.stdinWanted = true;
    if (!this.stdinOpen) {
      this.stdinOpen = true;
      process.stdin.on('end', () => {
        this.stdinEnded = true;
        this.flush();
      });
      process.stdin.on('readable', () => this.flush());
    }
    this.flush();
  }

  private flush(): void {
    if (!this.stdinWanted) return;
    const chunk = process.stdin.read() as Buffer | null;
    if (chunk !== null) {
      this.stdinWanted = false;
      this.send({ t: 'in', d: chunk.toString('base64') });
    } else if (this.stdinEnded) {
      this.stdinWanted = false;
      this.send({ t: 'in-end' });
    }
  }
}
