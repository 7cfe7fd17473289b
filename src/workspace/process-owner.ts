/**
 * Who owns a journal (docs/security.md, "Apply journal"): a process named by its pid and, on Linux, its start
 * time from /proc, so that a later process given the same pid is not mistaken for the one that wrote it.
 */
import { readFileSync } from 'node:fs';

/** True when a process `pid` runs (signal 0 reaches it, or it exists but belongs to another user). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The process `pid` as an owner: `<pid>-<start time>` (the start time empty where the system does not tell);
 * undefined when no such process runs.
 */
export function ownerOf(pid: number): string | undefined {
  if (!processRuns(pid)) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Field 22, counted after the command name in parentheses (which may hold spaces).
    return `${pid}-${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? ''}`;
  } catch {
    return `${pid}-`;
  }
}

/** True when the process that wrote `owner` still runs. */
export function ownerAlive(owner: string | undefined): boolean {
  const pid = Number(owner?.split('-')[0]);
  if (owner === undefined || !Number.isSafeInteger(pid) || pid <= 0) return false;
  const now = ownerOf(pid);
  return now !== undefined && (now === owner || now.endsWith('-') || owner.endsWith('-'));
}
