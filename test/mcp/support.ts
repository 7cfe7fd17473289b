/** Test support for the MCP server: clients over stdio and in memory, workspaces, dist freshness, /proc. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LineIndex, type Position } from '../../src/core/index.js';
import { createLocusMcpServer, type LocusMcpOptions, type LocusMcpServer } from '../../src/mcp/server.js';

/** Repository root. */
export const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
/** The scripted fake language server. */
export const FAKE_SERVER = join(REPO, 'test', 'fixtures', 'fake-lsp', 'server.mjs');
/** This suite's own fixtures. */
export const MCP_FIXTURES = join(REPO, 'test', 'fixtures', 'mcp');
/** Languages with a fixture project, and the adapter serving each. */
export const LANGUAGES = {
  python: 'pyright',
  typescript: 'typescript',
  javascript: 'typescript',
  go: 'gopls',
  c: 'clangd',
  bash: 'bash',
} as const;

/** A fresh temp dir. */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `locus-mcp-${prefix}-`));
}

/** Removes a dir. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A workspace: `test/fixtures/mcp/*` at the top and each language's fixture project under `<language>/`,
 * copied so tests may edit it.
 */
export function makeWorkspace(): string {
  const dir = tempDir('ws');
  cpSync(MCP_FIXTURES, dir, { recursive: true });
  for (const language of Object.keys(LANGUAGES))
    cpSync(join(REPO, 'test', 'fixtures', language, 'project'), join(dir, language), { recursive: true });
  return dir;
}

/** Stale when some `src/**.ts` is newer than its compiled `dist/**.js` (or that is missing). */
function staleSource(): string | undefined {
  const src = join(REPO, 'src');
  for (const entry of readdirSync(src, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const out = join(REPO, 'dist', relative(src, file)).replace(/\.ts$/, '.js');
    if (!existsSync(out) || statSync(out).mtimeMs < statSync(file).mtimeMs) return relative(REPO, file);
  }
  return undefined;
}

const BUILD_LOCK = join(
  tmpdir(),
  `locus-mcp-build-${createHash('sha1').update(REPO).digest('hex').slice(0, 12)}.lock`,
);

/** The process holding the build lock, when it is alive (a lock left by a killed run is not). */
function lockHolderAlive(): boolean {
  try {
    const pid = Number(readFileSync(join(BUILD_LOCK, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but not ours; no pid file yet: the holder is just writing it.
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EPERM' || code === 'ENOENT';
  }
}

/**
 * Makes sure `bin/locus.js` runs the current sources: builds `dist/` when any source is newer. Test files
 * run in parallel, so one builds (under a lock naming its process) while the others wait for it — however long
 * the build takes on a busy machine; a lock whose process is gone is taken over.
 */
export async function ensureBuilt(): Promise<void> {
  while (staleSource() !== undefined) {
    try {
      mkdirSync(BUILD_LOCK);
      writeFileSync(join(BUILD_LOCK, 'pid'), String(process.pid));
    } catch {
      if (!lockHolderAlive()) removeDir(BUILD_LOCK);
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const build = spawnSync('npm', ['run', 'build'], { cwd: REPO, encoding: 'utf8' });
      const stale = staleSource();
      if (stale !== undefined)
        throw new Error(`npm run build left dist/ stale (${stale}):\n${build.stdout}\n${build.stderr}`);
    } finally {
      removeDir(BUILD_LOCK);
    }
  }
}

/** A connected client over stdio, spawning `node bin/locus.js mcp`. */
export interface StdioSession {
  client: Client;
  transport: StdioClientTransport;
  pid: number;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
}

/** Spawns `node bin/locus.js mcp [--root root]` and connects a client. */
export async function connectStdio(
  root: string | undefined,
  cwd = REPO,
  extraArgs: string[] = [],
): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      join(REPO, 'bin', 'locus.js'),
      'mcp',
      ...(root === undefined ? [] : ['--root', root]),
      ...extraArgs,
    ],
    cwd,
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const client = new Client({ name: 'locus-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, pid: transport.pid as number, stderr: () => log };
}

/** A client connected in memory to a fresh server; `roots` makes the client declare roots. */
export async function connectInMemory(
  options: LocusMcpOptions = {},
  roots?: string[],
): Promise<{ client: Client; server: LocusMcpServer; logs: string[] }> {
  const logs: string[] = [];
  const server = createLocusMcpServer({ log: (m) => logs.push(m), ...options });
  const client = new Client(
    { name: 'locus-in-memory', version: '1.0.0' },
    roots ? { capabilities: { roots: { listChanged: false } } } : {},
  );
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: roots.map((dir) => ({ uri: `file://${dir}`, name: dir })),
    }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.mcp.connect(serverSide), client.connect(clientSide)]);
  return { client, server, logs };
}

/** The markdown text of a result. */
export function text(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/** The structured content of a result. */
export function data(result: unknown): Record<string, unknown> & { ok?: boolean } {
  return ((result as CallToolResult).structuredContent ?? {}) as Record<string, unknown>;
}

/** The error code of a failed result. */
export function errorCode(result: unknown): string | undefined {
  return (data(result).error as { code?: string } | undefined)?.code;
}

/** Living (non-zombie) processes whose cwd or command line lies inside `dir`. */
export function processesInside(dir: string): { pid: number; cmd: string }[] {
  const found: { pid: number; cmd: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // another user's process
      }
      if (cwd === dir || cwd.startsWith(`${dir}/`) || cmd.includes(dir))
        found.push({ pid: Number(entry), cmd });
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** The living processes descended from `root` (children, grandchildren, …), with their process groups. */
export function descendants(root: number): { pid: number; pgid: number; cmd: string }[] {
  const table = new Map<number, { ppid: number; pgid: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z') table.set(Number(entry), { ppid: Number(fields[1]), pgid: Number(fields[2]) });
    } catch {
      // the process ended while we looked
    }
  }
  const found: { pid: number; pgid: number; cmd: string }[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const [pid, info] of table) {
      if (info.ppid !== parent) continue;
      queue.push(pid);
      let cmd = '';
      try {
        cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      } catch {
        // gone
      }
      found.push({ pid, pgid: info.pgid, cmd });
    }
  }
  return found;
}

/** Living processes in any of these process groups. */
export function processesInGroups(pgids: number[]): number[] {
  const wanted = new Set(pgids);
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z' && wanted.has(Number(fields[2]))) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/** True while the process exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

export { eventually } from '../helpers/eventually.js';

/** The UTF-16 position of the `<|>` in `anchor`, whose text without the marker occurs once in the file. */
export function at(root: string, file: string, anchor: string): Position {
  const source = readFileSync(join(root, file), 'utf8');
  const marker = anchor.indexOf('<|>');
  const pattern = anchor.replace('<|>', '');
  const first = source.indexOf(pattern);
  if (marker < 0 || first < 0 || source.indexOf(pattern, first + 1) >= 0)
    throw new Error(`anchor missing, not found or not unique in ${file}: ${anchor}`);
  return new LineIndex(source).toPosition(first + marker);
}

/** `file:line:col` (1-based) of an anchor, for files whose line holds no astral characters before it. */
export function displayAt(root: string, file: string, anchor: string): string {
  const { line, character } = at(root, file, anchor);
  return `${file}:${line + 1}:${character + 1}`;
}
