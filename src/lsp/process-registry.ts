/**
 * Every server process group Locus has spawned and not yet reaped, so none outlives Locus.
 *
 * Servers are spawned detached (their own process group), so the whole group — including helpers such as the
 * `node` child that typescript-language-server leaves behind after a clean shutdown — can be killed at once. While
 * any group is alive, handlers for `exit`, `SIGINT`, `SIGTERM` and `SIGHUP` SIGKILL every group synchronously and
 * remove the per-session temp dirs, then re-raise the signal so the default behaviour (terminate) is kept. When
 * another handler owns a signal (the CLI's Ctrl-C cancel), the signal is left to it and only `exit` kills.
 *
 * A SIGKILL of Locus cannot be handled. Then the servers notice by themselves: their stdin reaches EOF (TS 7, tsls,
 * pyright, gopls and clangd exit on it) or, for servers built on vscode-languageserver (bash-language-server, which
 * ignores EOF; also pyright and tsls), the `processId` watchdog from `initialize` ends them within about 3 s.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';

interface LiveGroup {
  pgid: number;
  tmpDir: string | undefined;
}

const live = new Map<number, LiveGroup>();
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let installed = false;

/** Records a freshly spawned group (its leader's pid) and its temp dir; installs the exit handlers. */
export function registerGroup(pgid: number, tmpDir: string | undefined): void {
  live.set(pgid, { pgid, tmpDir });
  install();
}

/** Forgets a group once it has been reaped and its temp dir removed. */
export function unregisterGroup(pgid: number): void {
  live.delete(pgid);
  if (live.size === 0) uninstall();
}

/** Process group ids Locus still owns (for tests and diagnostics). */
export function liveGroups(): number[] {
  return [...live.keys()];
}

/** Sends a signal to a whole process group; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when no live process is left in the group. Zombies do not count: an orphaned zombie waits for PID 1 to reap
 * it, which some container inits never do; on Linux /proc tells them apart.
 */
export function groupGone(pgid: number): boolean {
  if (!signalGroup(pgid, 0 as unknown as NodeJS.Signals)) return true;
  if (process.platform !== 'linux') return false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') return false;
  }
  return true;
}

/** SIGKILLs every live group and removes their temp dirs, synchronously (safe inside an `exit` handler). */
export function killAllGroupsSync(): void {
  for (const group of live.values()) {
    signalGroup(group.pgid, 'SIGKILL');
    if (group.tmpDir !== undefined) rmSync(group.tmpDir, { recursive: true, force: true });
  }
  live.clear();
}

function onExit(): void {
  killAllGroupsSync();
}

function onSignal(signal: NodeJS.Signals): void {
  // Another handler owns the signal (the CLI's Ctrl-C cancels the call and closes the servers in order): leave
  // the servers to it; the exit handler still kills whatever is left when the process ends.
  if (process.listenerCount(signal) > 1) return;
  killAllGroupsSync();
  uninstall();
  process.kill(process.pid, signal);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  process.off('exit', onExit);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}
