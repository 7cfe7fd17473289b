/**
 * The published package works without a checkout (docs/operations.md, "Install"): `npm pack`, install the tarball
 * into an empty folder offline (bundled dependencies come from the tarball, the TypeScript 7 platform binary from
 * the npm cache), then `npx locus locate`, `npx locus references` (pyright) and `npx locus mcp` run there. Also
 * checks what lands in the consumer's node_modules/.bin, that no installed package has an install script, and that
 * server.json agrees with package.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  mcpName: string;
};
let base = '';
let consumer = '';
let ws = '';

function run(command: string, args: string[], cwd: string): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 << 20 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

// `--` so that npx passes every flag (even -V) to locus.
const npx = (args: string[]) => run('npx', ['--no', '--', 'locus', ...args, '--root', ws], consumer);

beforeAll(async () => {
  // Built once, under the suite's build lock: `npm pack` must not run `prepare` (a rebuild of dist/ while other
  // test files run from it).
  await ensureBuilt();
  base = mkdtempSync(path.join(tmpdir(), 'locus-pack-'));
  const pack = run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', base], REPO);
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const tarball = path.join(base, pack.stdout.trim().split('\n').pop() ?? '');
  consumer = path.join(base, 'consumer');
  mkdirSync(consumer);
  writeFileSync(path.join(consumer, 'package.json'), '{ "name": "consumer", "private": true }\n');
  const install = run('npm', ['i', '--offline', '--no-audit', '--no-fund', tarball], consumer);
  if (install.code !== 0) throw new Error(`npm i --offline failed:\n${install.stderr}`);
  ws = path.join(base, 'ws');
  cpSync(path.join(REPO, 'test/fixtures/python/ops'), ws, { recursive: true });
}, 900_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the installed package', () => {
  it('puts only locus into node_modules/.bin', () => {
    expect(readdirSync(path.join(consumer, 'node_modules/.bin'))).toEqual(['locus']);
  });

  it('installs no package with an install script', () => {
    const withScripts: string[] = [];
    const visit = (dir: string): void => {
      if (!existsSync(dir)) return;
      for (const name of readdirSync(dir)) {
        if (name.startsWith('.')) continue;
        const at = path.join(dir, name);
        if (name.startsWith('@')) {
          visit(at);
          continue;
        }
        const manifest = path.join(at, 'package.json');
        if (existsSync(manifest)) {
          const scripts = (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> })
            .scripts;
          for (const hook of ['preinstall', 'install', 'postinstall'])
            if (scripts?.[hook] !== undefined) withScripts.push(`${name} ${hook}`);
        }
        visit(path.join(at, 'node_modules'));
      }
    };
    visit(path.join(consumer, 'node_modules'));
    expect(withScripts).toEqual([]);
  });

  it('ships the bundle, not the compiled modules, and needs none of the bundled packages', () => {
    const installed = path.join(consumer, 'node_modules', pkg.name);
    const dist = readdirSync(path.join(installed, 'dist'), { recursive: true, encoding: 'utf8' });
    expect(dist.filter((f) => f.endsWith('.js') && !f.startsWith('bundle'))).toEqual([]);
    expect(dist).toContain(path.join('bundle', 'zod.js'));
    const nested = readdirSync(path.join(installed, 'node_modules'));
    for (const bundled of ['@modelcontextprotocol', 'zod', 'diff', 'vscode-jsonrpc', 'picomatch'])
      expect(nested).not.toContain(bundled);
  });

  it('checks a configuration file (zod, loaded from the bundle only when a config exists)', () => {
    const bad = path.join(base, 'bad-config');
    cpSync(ws, bad, { recursive: true });
    writeFileSync(path.join(bad, 'locus.config.json'), '{ "limits": { "maxFileBytes": "big" } }\n');
    const result = run(
      'npx',
      ['--no', '--', 'locus', 'references', 'shapes.py:Circle.area', '--root', bad],
      consumer,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/CONFIG_INVALID[\s\S]*maxFileBytes/);
  });

  it('answers locus -V with the package version', () => {
    const result = run('npx', ['--no', '--', 'locus', '-V'], consumer);
    expect(result.stdout.trim()).toBe(`locus ${pkg.version}`);
  });

  it('locates offline', () => {
    const result = npx(['locate', 'shapes.py:Circle.area', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, file_path: 'shapes.py' });
  });

  it('finds references with the bundled pyright', () => {
    const result = npx(['references', 'shapes.py:Circle.area', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout) as { ok: boolean; total: number };
    expect(body.ok).toBe(true);
    expect(JSON.stringify(body)).toContain('main.py');
  }, 120_000);

  it('serves MCP over stdio (initialize, tools/list)', async () => {
    const child = spawn('npx', ['--no', '--', 'locus', 'mcp', '--root', ws], { cwd: consumer });
    const replies: Record<string, unknown>[] = [];
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        replies.push(JSON.parse(buffer.slice(0, newline)) as Record<string, unknown>);
        buffer = buffer.slice(newline + 1);
      }
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const reply = async (id: number) => {
      for (let i = 0; i < 1200 && !replies.some((r) => r.id === id); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return replies.find((r) => r.id === id);
    };
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'pack-test', version: '1' },
      },
    });
    const init = (await reply(1)) as { result?: { serverInfo?: { name: string; version: string } } };
    expect(init?.result?.serverInfo).toEqual(
      expect.objectContaining({ name: 'locus', version: pkg.version }),
    );
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const tools = (await reply(2)) as { result?: { tools: { name: string }[] } };
    expect(tools?.result?.tools.map((t) => t.name)).toContain('references');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await exited;
  }, 120_000);
});

describe('server.json (MCP registry)', () => {
  it('names the npm package, its version and its mcpName', () => {
    const server = JSON.parse(readFileSync(path.join(REPO, 'server.json'), 'utf8')) as {
      name: string;
      version: string;
      description: string;
      packages: { registryType: string; identifier: string; version: string; transport: { type: string } }[];
    };
    expect(server.name).toBe(pkg.mcpName);
    expect(server.version).toBe(pkg.version);
    expect(server.description.length).toBeLessThanOrEqual(100);
    expect(server.packages).toEqual([
      expect.objectContaining({
        registryType: 'npm',
        identifier: pkg.name,
        version: pkg.version,
        transport: { type: 'stdio' },
      }),
    ]);
  });
});
