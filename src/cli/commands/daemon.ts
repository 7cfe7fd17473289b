/**
 * `locus daemon status|stop [--root DIR] [--all] [--json]` (docs/operations.md, "The daemon"): shows or stops the
 * background Locus that answers this workspace's calls (the one the same command line would use: same root, same
 * environment), or every one of this user's with `--all`. Runs in-process, and never starts a daemon.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { waitUntil } from '../../core/wait-for.js';
import { daemonFor, open } from '../daemon/client.js';
import { daemonFolder, readFacts, unsafeFolder, type DaemonPlace } from '../daemon/place.js';
import { buildId, frame, readMessages, type DaemonFacts, type DaemonMessage } from '../daemon/protocol.js';
import { processRuns } from '../../workspace/process-owner.js';
import { EXIT, err, out, type CliIo } from '../io.js';

const USAGE = 'Usage: locus daemon status|stop [--root DIR] [--all] [--json]';
/** How long `stop` waits for a daemon to exit before it ends it with SIGKILL. */
const STOP_MS = 10_000;

/** What `status` reports for one daemon. */
type Report = { place: DaemonPlace; facts?: DaemonFacts; stale?: boolean; otherBuild?: boolean };

/** Runs `locus daemon …`; resolves to the exit code. */
export async function daemonCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        root: { type: 'string' },
        all: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    err(io, `locus daemon: ${(error as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  const action = positionals[0];
  if (values.help) return (out(io, `${USAGE}\n\n${HELP}`), EXIT.ok);
  if (positionals.length !== 1 || (action !== 'status' && action !== 'stop')) {
    err(io, `locus daemon: say status or stop.\n${USAGE}`);
    return EXIT.usage;
  }
  const places = values.all === true ? everyPlace() : thisPlace(io, values.root);
  if (typeof places === 'string') {
    if (values.json === true) out(io, JSON.stringify({ ok: true, daemons: [], off: places }));
    else out(io, `locus daemon: off for this workspace (${places}); commands run in-process.`);
    return EXIT.ok;
  }
  const reports = await Promise.all(places.map((place) => (action === 'stop' ? stop(place) : status(place))));
  const shown = reports.filter((r) => r.facts !== undefined || r.stale === true);
  if (values.json === true) out(io, JSON.stringify({ ok: true, daemons: shown.map(asJson) }));
  else
    out(
      io,
      shown.length === 0 ? 'locus daemon: none running.' : shown.map((r) => line(r, action)).join('\n'),
    );
  return EXIT.ok;
}

const HELP = `status  shows the background Locus of this workspace (root and environment as this command line has them),
        or every one of this user's with --all: process id, root, uptime, calls, idle period, memory.
stop    stops it (running calls are cancelled); the next command starts a new one.
Commands run in-process with --no-daemon or LOCUS_NO_DAEMON=1.`;

/** The place of the daemon a command in this workspace would use, or why there is none. */
function thisPlace(io: CliIo, root: string | undefined): DaemonPlace[] | string {
  const target = daemonFor(['locate', ...(root === undefined ? [] : ['--root', root])], process.env, io.cwd);
  return 'off' in target ? target.off : [target.place];
}

/** Every daemon place in this user's daemon folder. */
function everyPlace(): DaemonPlace[] | string {
  const dir = daemonFolder();
  const unsafe = unsafeFolder(dir);
  if (unsafe !== undefined) return unsafe;
  const names = readdirSync(dir).filter((name) => name.endsWith('.sock'));
  return names.map((name) => {
    const key = name.slice(0, -'.sock'.length);
    const file = (ext: string) => path.join(dir, `${key}${ext}`);
    return { dir, key, socket: file('.sock'), facts: file('.json'), log: file('.log') };
  });
}

/** Asks a daemon about itself; a socket nobody answers is stale (its daemon crashed) and is removed. */
async function status(place: DaemonPlace): Promise<Report> {
  const answer = await ask(place, 'status');
  if (answer === 'absent') return { place };
  if (answer === 'stale') return removeStale(place);
  if (answer.t !== 'status') return { place, ...factsOf(place) };
  return { place, facts: answer.facts, ...(answer.facts.build === buildId() ? {} : { otherBuild: true }) };
}

/** Stops a daemon and waits until its process is gone (ending it by force when it does not leave). */
async function stop(place: DaemonPlace): Promise<Report> {
  const known = readFacts(place.facts);
  const answer = await ask(place, 'stop');
  if (answer === 'absent') return { place };
  if (answer === 'stale') return removeStale(place);
  const pid = known?.pid;
  if (pid !== undefined && !(await exited(pid, STOP_MS))) {
    kill(pid);
    rmSync(place.socket, { force: true });
  }
  return { place, ...(known ? { facts: { ...emptyFacts(), ...known } } : {}) };
}

/** One question to the daemon at `place`: its answer, or whether nothing (`absent`) or a dead socket (`stale`) is there. */
async function ask(place: DaemonPlace, what: 'status' | 'stop'): Promise<DaemonMessage | 'absent' | 'stale'> {
  const socket = await open(place.socket);
  if (socket === undefined) return readdirSync(place.dir).includes(`${place.key}.sock`) ? 'stale' : 'absent';
  socket.write(
    frame(what === 'stop' ? { t: 'stop', build: buildId() ?? '' } : { t: 'status', build: buildId() ?? '' }),
  );
  const answer = await new Promise<DaemonMessage | undefined>((resolve) =>
    readMessages<DaemonMessage>(socket, resolve, () => resolve(undefined)),
  );
  socket.destroy();
  return answer ?? { t: 'stopping' };
}

function removeStale(place: DaemonPlace): Report {
  rmSync(place.socket, { force: true });
  rmSync(place.facts, { force: true });
  return { place, stale: true };
}

function factsOf(place: DaemonPlace): { facts?: DaemonFacts } {
  const known = readFacts(place.facts);
  return known ? { facts: { ...emptyFacts(), ...known } } : {};
}

function emptyFacts(): DaemonFacts {
  return { pid: 0, root: '', build: '', started: 0, lastCall: 0, calls: 0, running: 0, idleMs: 0, rss: 0 };
}

async function exited(pid: number, ms: number): Promise<boolean> {
  return (await waitUntil(() => !processRuns(pid), ms)).done;
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}

function asJson(report: Report): Record<string, unknown> {
  return {
    socket: report.place.socket,
    log: report.place.log,
    ...(report.facts ?? {}),
    ...(report.stale ? { stale: true } : {}),
    ...(report.otherBuild ? { other_build: true } : {}),
  };
}

function line(report: Report, action: 'status' | 'stop'): string {
  const { place, facts } = report;
  if (report.stale) return `locus daemon: removed a stale socket (its daemon had crashed): ${place.socket}`;
  if (!facts) return `locus daemon: ${place.socket}`;
  if (action === 'stop') return `locus daemon: stopped pid ${facts.pid} (${facts.root})`;
  const now = Date.now();
  const parts = [
    `pid ${facts.pid}`,
    facts.root,
    `up ${duration(now - facts.started)}`,
    `${facts.calls} call${facts.calls === 1 ? '' : 's'}${facts.running > 0 ? ` (${facts.running} running)` : ''}`,
    facts.running > 0
      ? `idle period ${duration(facts.idleMs)}`
      : `leaves in ${duration(Math.max(0, facts.lastCall + facts.idleMs - now))} without a call`,
    `RSS ${Math.round(facts.rss / 1024 / 1024)} MiB`,
    ...(report.otherBuild ? ['another build: the next command replaces it'] : []),
    `log ${place.log}`,
  ];
  return `locus daemon: ${parts.join(', ')}`;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60
    ? `${m}m${String(s % 60).padStart(2, '0')}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
