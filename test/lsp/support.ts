/** Test support for the LSP tests: text anchors, temp copies of fixtures, the process table. */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineIndex, type Position } from '../../src/core/index.js';
import type { Location } from 'vscode-languageserver-protocol';
import { uriToPath } from '../../src/lsp/uri.js';

/** Repository root. */
export const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/** Absolute path of a fixture project. */
export function fixtureProject(language: string): string {
  return join(REPO, 'test', 'fixtures', language, 'project');
}

/** The fake server script. */
export const FAKE_SERVER = join(REPO, 'test', 'fixtures', 'fake-lsp', 'server.mjs');

/** Copies a fixture project into a fresh temp dir (so tests may edit it); returns the copy's root. */
export function copyProject(language: string): string {
  const dir = mkdtempSync(join(tmpdir(), `locus-lsp-test-${language}-`));
  cpSync(fixtureProject(language), dir, { recursive: true });
  return dir;
}

/** Removes a temp dir. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The UTF-16 position of the `<|>` marker in `anchor`, found in `text`; the anchor without its marker must occur
 * exactly once.
 */
export function at(text: string, anchor: string): Position {
  const marker = anchor.indexOf('<|>');
  if (marker < 0) throw new Error(`anchor without <|>: ${anchor}`);
  const pattern = anchor.replace('<|>', '');
  const first = text.indexOf(pattern);
  if (first < 0) throw new Error(`anchor not found: ${anchor}`);
  if (text.indexOf(pattern, first + 1) >= 0) throw new Error(`anchor not unique: ${anchor}`);
  return new LineIndex(text).toPosition(first + marker);
}

/** Reads a file of a project. */
export function read(root: string, file: string): string {
  return readFileSync(join(root, file), 'utf8');
}

/** `file:line:character` for a position in a file of the project, given by an anchor. */
export function spot(root: string, file: string, anchor: string): string {
  const { line, character } = at(read(root, file), anchor);
  return `${file}:${line}:${character}`;
}

/** The `file:line:character` of each location's start, relative to the root, sorted. */
export function spots(root: string, locations: Location[]): string[] {
  return locations
    .map(
      (l) => `${relative(root, uriToPath(l.uri) ?? l.uri)}:${l.range.start.line}:${l.range.start.character}`,
    )
    .sort();
}

/** True while a process exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stateOf(stat) !== 'Z';
  } catch {
    return false;
  }
}

/** Pids of the living (non-zombie) processes whose process group is `pgid`, read from /proc. */
export function processesInGroup(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') pids.push(Number(entry));
  }
  return pids;
}

function stateOf(stat: string): string {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '';
}

export { eventually } from '../helpers/eventually.js';
