/**
 * The background Locus process (docs/operations.md, "The daemon"), started by a `locus` client as
 * `node daemon-main.js <folder> <key> <root>` with the client's environment. It says `ready` on file descriptor 3
 * (a pipe the client reads) once it listens — or once it found another daemon listening in its place — and lives
 * on alone until its idle period ends. A long-lived process: WebAssembly keeps its optimising tier here.
 */
import { closeSync, writeSync } from 'node:fs';
import { daemonPlace, IDLE_ENV } from './place.js';
import { buildId } from './protocol.js';
import { Daemon } from './server.js';

/** Leaves after this long without a call, unless `LOCUS_DAEMON_IDLE` (seconds) says otherwise. */
const DEFAULT_IDLE_MS = 10 * 60 * 1000;

function idleMs(): number {
  const seconds = Number(process.env[IDLE_ENV]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_IDLE_MS;
}

function sayReady(): void {
  try {
    writeSync(3, 'ready\n');
    closeSync(3);
  } catch {
    // started by hand, without the pipe
  }
}

const [dir, key, realRoot] = process.argv.slice(2);
const place = dir && key ? daemonPlace(dir, key) : undefined;
const build = buildId();
if (place === undefined || realRoot === undefined || build === undefined) {
  process.stderr.write(
    'locus daemon: usage: daemon-main.js <folder> <key> <root> (started by the locus command)\n',
  );
  process.exit(2);
}
process.title = 'locus-daemon';
const daemon = new Daemon({ place, realRoot, build, idleMs: idleMs() });
const listening = await daemon.listen();
sayReady();
if (!listening) process.exit(0); // another daemon serves this place
