/**
 * The published package works without a checkout (docs/operations.md, "Install"). `npm pack`, then a loopback
 * registry (./local-registry.ts) publishes the tarball under the package's name, with the TypeScript 7 platform
 * binary from the npm cache; nothing comes from the network. In an empty folder with a fresh npm cache:
 * - the README's own install line (`npx -y locus-locate locate …`) and its MCP lines (the `claude mcp add`
 *   command and the JSON form) run as written;
 * - in the folder that install made, `npx locus locate`, `npx locus references` (pyright) and `npx locus mcp`.
 * Also checks what lands in that folder's node_modules/.bin, that no installed package has an install script,
 * and that server.json agrees with package.json. One install, not two: `npx -y` installs the package into a
 * folder of npm's cache with the same dependency tree `npm i locus-locate` makes (a second install cost ~30 s
 * of CPU and proved nothing the first did not).
 */
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
import { startLocalRegistry, type LocalRegistry } from './local-registry.js';
import { mcpExchange, readmeLines, run, type Ran } from './npm-run.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  mcpName: string;
};
let base = '';
let consumer = '';
let ws = '';
let registry: LocalRegistry | undefined;
let npmEnv: NodeJS.ProcessEnv = {};
let project = '';
let installLine: Ran | undefined;

// `--` so that npx passes every flag (even -V) to locus.
const npx = (args: string[], cwd = consumer): Promise<Ran> =>
  run('npx', ['--no', '--', 'locus', ...args], cwd, npmEnv);

beforeAll(async () => {
  // Built once, under the suite's build lock: `npm pack` must not run `prepare` (a rebuild of dist/ while other
  // test files run from it).
  await ensureBuilt();
  base = mkdtempSync(path.join(tmpdir(), 'locus-pack-'));
  const pack = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', base], REPO);
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const userCache = (await run('npm', ['config', 'get', 'cache'], REPO)).stdout.trim();
  registry = await startLocalRegistry({
    tarball: path.join(base, pack.stdout.trim().split('\n').pop() ?? ''),
    packageJson: path.join(REPO, 'package.json'),
    lockFile: path.join(REPO, 'package-lock.json'),
    npmCache: userCache,
  });
  npmEnv = {
    npm_config_registry: registry.url,
    npm_config_cache: path.join(base, 'npm-cache'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  ws = path.join(base, 'ws');
  cpSync(path.join(REPO, 'test/fixtures/python/ops'), ws, { recursive: true });
  // The README's example names src/cart.py and Cart.total.
  project = path.join(base, 'project');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  cpSync(path.join(REPO, 'test/fixtures/edit/cart.py'), path.join(project, 'src/cart.py'));
  const { install } = readmeLines(readFileSync(path.join(REPO, 'README.md'), 'utf8'));
  installLine = await run('bash', ['-c', install], project, npmEnv);
  if (installLine.code !== 0) throw new Error(`the README's install line failed:\n${installLine.stderr}`);
  // Where `npx -y` installed the package: its one folder under the cache's _npx.
  const npxFolders = readdirSync(path.join(base, 'npm-cache', '_npx')).map((name) =>
    path.join(base, 'npm-cache', '_npx', name),
  );
  if (npxFolders.length !== 1) throw new Error(`expected one npx install, found ${npxFolders.join(', ')}`);
  consumer = npxFolders[0] ?? '';
});
afterAll(async () => {
  await registry?.close();
  rmSync(base, { recursive: true, force: true });
});

describe("the README's install and MCP lines, in an empty folder", () => {
  it('the install line locates', () => {
    expect(installLine?.code, installLine?.stderr).toBe(0);
    expect(installLine?.stdout).toMatch(/^Located src\/cart\.py:22:16 \(method Cart\.total\)/);
    expect(registry?.requests).toContain(`/${pkg.name}`);
  });

  it('the MCP lines start a server that answers tools/list and a locate call', async () => {
    const { claudeAdd, jsonForm } = readmeLines(readFileSync(path.join(REPO, 'README.md'), 'utf8'));
    for (const [command, ...args] of [claudeAdd, jsonForm]) {
      const exchange = await mcpExchange(command ?? '', args, project, npmEnv, {
        locate: 'src/cart.py:Cart.total@return <|>subtotal',
      });
      expect(exchange.serverInfo).toEqual(expect.objectContaining({ name: 'locus', version: pkg.version }));
      expect(exchange.tools).toContain('references');
      expect(exchange.locateText).toContain('src/cart.py:22:16');
    }
  });
});

describe('the package as npx installed it', () => {
  it('puts only locus into node_modules/.bin', () => {
    expect(readdirSync(path.join(consumer, 'node_modules/.bin'))).toEqual(['locus']);
  });

  it("takes TypeScript 7's binary for this platform from the registry, and no other platform's", () => {
    const scope = readdirSync(path.join(consumer, 'node_modules/@typescript'));
    expect(scope).toEqual([`typescript-${process.platform}-${process.arch}`]);
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

  it('checks a configuration file (zod, loaded from the bundle only when a config exists)', async () => {
    const bad = path.join(base, 'bad-config');
    cpSync(ws, bad, { recursive: true });
    writeFileSync(path.join(bad, 'locus.config.json'), '{ "limits": { "maxFileBytes": "big" } }\n');
    const result = await npx(['references', 'shapes.py:Circle.area', '--root', bad]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/CONFIG_INVALID[\s\S]*maxFileBytes/);
  });

  it('answers locus -V with the package version', async () => {
    const result = await npx(['-V']);
    expect(result.stdout.trim()).toBe(`locus ${pkg.version}`);
  });

  it('locates', async () => {
    const result = await npx(['locate', 'shapes.py:Circle.area', '--json', '--root', ws]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, file_path: 'shapes.py' });
  });

  it('finds references with the bundled pyright', async () => {
    const result = await npx(['references', 'shapes.py:Circle.area', '--json', '--root', ws]);
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout) as { ok: boolean; total: number };
    expect(body.ok).toBe(true);
    expect(JSON.stringify(body)).toContain('main.py');
  });

  it('serves MCP over stdio (initialize, tools/list, a locate call)', async () => {
    const exchange = await mcpExchange(
      'npx',
      ['--no', '--', 'locus', 'mcp', '--root', ws],
      consumer,
      npmEnv,
      {
        locate: 'shapes.py:Circle.area',
      },
    );
    expect(exchange.serverInfo).toEqual(expect.objectContaining({ name: 'locus', version: pkg.version }));
    expect(exchange.tools).toContain('references');
    expect(exchange.locateText).toContain('shapes.py:');
  });
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
