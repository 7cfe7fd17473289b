/**
 * The background Locus of one workspace root (docs/operations.md, "The daemon"): listens on its socket in a folder
 * only its user can enter, runs each call's argv exactly as the command line does (`runCli`, with the caller's io
 * and the warm workspaces of `DaemonSessions`), and leaves after its idle period, after `locus daemon stop`, when a
 * client of another build asks, or on SIGTERM — taking its language servers with it.
 */
import { lstatSync, rmSync } from 'node:fs';
import { writeFileAtomically } from '../../workspace/atomic-write.js';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { waitFor } from '../../core/wait-for.js';
import { runCli } from '../main.js';
import { callIo, type CallIo } from './call-io.js';
import { readFacts, type DaemonPlace } from './place.js';
import { frame, PROTOCOL, readMessages, type ClientMessage, type DaemonFacts } from './protocol.js';
import { DaemonSessions } from './sessions.js';

/** How long running calls may take to finish once the daemon leaves, before it exits all the same. */
const LEAVE_GRACE_MS = 5_000;

/** What a daemon serves. */
export interface DaemonOptions {
  place: DaemonPlace;
  realRoot: string;
  build: string;
  idleMs: number;
}

/** One daemon. */
export class Daemon {
  private readonly server: Server;
  private readonly sessions: DaemonSessions;
  private readonly started = Date.now();
  private lastCall = Date.now();
  private calls = 0;
  private readonly running = new Set<{ lost(): void; done: Promise<void> }>();
  private idle: NodeJS.Timeout | undefined;
  private socketIno: bigint | undefined;
  private leaving: Promise<void> | undefined;

  constructor(private readonly options: DaemonOptions) {
    this.sessions = new DaemonSessions(options.realRoot);
    this.server = createServer((socket) => void this.accept(socket));
  }

  /** Listens; false when another daemon already serves this place (or the socket cannot be made). */
  async listen(): Promise<boolean> {
    const { socket } = this.options.place;
    let listening = await this.tryListen();
    if (!listening && !(await answers(socket))) {
      // A socket nobody serves: left by a daemon that crashed. Take its place.
      rmSync(socket, { force: true });
      listening = await this.tryListen();
    }
    if (!listening) return false;
    this.socketIno = lstatSync(socket, { bigint: true }).ino;
    // Atomically: `locus daemon status` and a starting client read it while it is rewritten.
    writeFileAtomically(this.options.place.facts, JSON.stringify(this.facts()));
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const)
      process.on(signal, () => void this.leave());
    this.armIdle();
    return true;
  }

  /** Stops listening, lets running calls finish (or cancels them when `cancel`), closes everything and exits. */
  leave(cancel = false): Promise<void> {
    this.leaving ??= this.doLeave(cancel);
    return this.leaving;
  }

  private async doLeave(cancel: boolean): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.server.close();
    this.releasePlace();
    if (cancel) for (const call of this.running) call.lost();
    await waitFor(Promise.all([...this.running].map((c) => c.done)), LEAVE_GRACE_MS);
    await waitFor(this.sessions.close(), LEAVE_GRACE_MS);
    process.exit(0);
  }

  /** Removes the socket and the facts file, when they are still this daemon's. */
  private releasePlace(): void {
    const { socket, facts } = this.options.place;
    try {
      if (lstatSync(socket, { bigint: true }).ino === this.socketIno) rmSync(socket, { force: true });
    } catch {
      // already gone
    }
    if (readFacts(facts)?.pid === process.pid) rmSync(facts, { force: true });
  }

  private tryListen(): Promise<boolean> {
    return new Promise((resolve) => {
      // The socket is created readable and writable by this user only (the folder is already private).
      const umask = process.umask(0o177);
      const done = (ok: boolean) => {
        process.umask(umask);
        this.server.off('error', failed);
        resolve(ok);
      };
      const failed = () => done(false);
      this.server.once('error', failed);
      this.server.listen(this.options.place.socket, () => done(true));
    });
  }

  private armIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    if (this.running.size > 0 || this.leaving) return;
    this.idle = setTimeout(() => void this.leave(), this.options.idleMs);
  }

  private facts(): DaemonFacts {
    return {
      pid: process.pid,
      root: this.options.realRoot,
      build: this.options.build,
      started: this.started,
      lastCall: this.lastCall,
      calls: this.calls,
      running: this.running.size,
      idleMs: this.options.idleMs,
      rss: process.memoryUsage.rss(),
    };
  }

  private accept(socket: Socket): void {
    socket.on('error', () => undefined);
    let io: CallIo | undefined;
    let first = true;
    readMessages<ClientMessage>(
      socket,
      (message) => {
        if (!first) return io?.receive(message);
        first = false;
        io = this.open(socket, message);
      },
      // The client went away, even in the middle of a call: Ctrl-C for what is cancellable, end of stdin.
      () => io?.lost(),
    );
  }

  /** Answers a connection's first message; the io of the call it starts, if it starts one. */
  private open(socket: Socket, message: ClientMessage): CallIo | undefined {
    if (!('build' in message)) return void socket.destroy();
    if (message.t === 'status') return void socket.end(frame({ t: 'status', facts: this.facts() }));
    if (message.t === 'stop') {
      socket.end(frame({ t: 'stopping' }));
      return void this.leave(true);
    }
    if (message.t !== 'call' || this.leaving) return void socket.destroy();
    if (message.build !== this.options.build || message.v !== PROTOCOL) {
      // Another build asks: leave, so that the client starts its own (its socket is free before it hears this).
      this.server.close();
      this.releasePlace();
      socket.end(frame({ t: 'mismatch', build: this.options.build }));
      return void this.leave();
    }
    const io = callIo(socket, message, this.sessions);
    void this.call(socket, message.argv, io);
    return io;
  }

  private async call(socket: Socket, argv: string[], io: CallIo): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    let finished!: () => void;
    const call = { lost: () => io.lost(), done: new Promise<void>((resolve) => (finished = resolve)) };
    this.running.add(call);
    socket.write(frame({ t: 'accepted', pid: process.pid }));
    try {
      io.finish(await runSafely(argv, io));
    } finally {
      this.calls++;
      this.lastCall = Date.now();
      this.running.delete(call);
      finished();
      this.armIdle();
    }
  }
}

/** `runCli`, with a failure reported the way the `locus` launcher reports one (bin/locus.js). */
async function runSafely(argv: string[], io: CallIo): Promise<number> {
  try {
    return await runCli(argv, io);
  } catch (error) {
    const message = `internal error: ${error instanceof Error ? error.message : String(error)}`.slice(
      0,
      2000,
    );
    if (argv.includes('--json'))
      io.stdout(`${JSON.stringify({ ok: false, error: { code: 'INTERNAL', message } })}\n`);
    io.stderr.write(`locus: ${message}\n`);
    return 1;
  }
}

/** True when something answers on the socket (another daemon). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
