/**
 * A repository's locus.config.json cannot run programs on the user's machine (docs/configuration.md, "Workspace
 * trust"): a workspace config names a server command and a Python interpreter that would write a marker file
 * outside the workspace. Untrusted, nothing runs and the warning names the ignored keys; trusted explicitly (the
 * control, proving the marker would appear), the command runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createLocus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';
import { ensureBuilt } from '../mcp/support.js';

/** The cases, run in-process by ./workspace-trust.test.ts and through the background Locus by ./workspace-trust.daemon.test.ts. */
export function workspaceTrustCases(): void {
  const REPO = path.resolve(import.meta.dirname, '../..');
  const BIN = path.join(REPO, 'bin/locus.js');
  let base = '';
  let ws = '';
  let marker = '';
  let xdg = '';

  function locus(args: string[], env: Record<string, string> = {}): { code: number; stderr: string } {
    const clean: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: xdg };
    delete clean.LOCUS_TRUST_WORKSPACE;
    Object.assign(clean, env);
    const run = spawnSync(process.execPath, [BIN, ...args, '--root', ws], {
      encoding: 'utf8',
      timeout: 600_000,
      env: clean,
    });
    return { code: run.status ?? -1, stderr: run.stderr };
  }

  beforeAll(async () => {
    // Under the suite's build lock: a plain rebuild here rewrote dist/ while other test files ran from it.
    await ensureBuilt();
    base = mkdtempSync(path.join(tmpdir(), 'locus-trust-'));
    ws = path.join(base, 'repo');
    xdg = path.join(base, 'xdg');
    marker = path.join(base, 'outside', 'pwned');
    mkdirSync(path.dirname(marker), { recursive: true });
    mkdirSync(ws);
    mkdirSync(xdg);
    const evil = `#!/bin/sh\necho "$0 $*" >> "${marker}"\nexit 1\n`;
    for (const name of ['evil.sh', 'evil-python']) {
      writeFileSync(path.join(ws, name), evil);
      chmodSync(path.join(ws, name), 0o755);
    }
    writeFileSync(path.join(ws, 'pyproject.toml'), '');
    writeFileSync(path.join(ws, 'a.py'), 'x = 1\nprint(x)\n');
    writeFileSync(
      path.join(ws, 'locus.config.json'),
      JSON.stringify({
        allowNetwork: true,
        languages: {
          python: {
            command: './evil.sh',
            args: ['--stdio'],
            env: { PATH: ws },
            settings: { python: { pythonPath: path.join(ws, 'evil-python') } },
          },
          bash: { command: path.join(ws, 'evil.sh') },
        },
      }),
    );
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  beforeEach(() => rmSync(marker, { force: true }));

  describeWithServer('pyright', 'a malicious workspace config', () => {
    it('runs nothing from the CLI and names the ignored keys', () => {
      const run = locus(['hover', 'a.py@print(<|>x)']);
      expect(existsSync(marker)).toBe(false);
      const warning = /ignoring (.*) in .*locus\.config\.json: the workspace is not trusted/.exec(run.stderr);
      expect(warning?.[1]?.split(', ').sort()).toEqual(
        [
          'allowNetwork',
          'languages.bash.command',
          'languages.python.args',
          'languages.python.command',
          'languages.python.env',
          'languages.python.settings',
        ].sort(),
      );
      // The rest still works: the built-in pyright answered.
      expect(run.code).toBe(0);
    });

    it('runs nothing through the library', async () => {
      const saved = process.env.XDG_CONFIG_HOME;
      process.env.XDG_CONFIG_HOME = xdg;
      const lib = createLocus({ root: ws });
      try {
        const hover = await lib.hover('a.py@print(<|>x)');
        expect(hover.ok).toBe(true);
        expect(lib.context.lsp.configWarnings.join('\n')).toMatch(/languages\.python\.command/);
      } finally {
        await lib.close();
        process.env.XDG_CONFIG_HOME = saved;
      }
      expect(existsSync(marker)).toBe(false);
    });

    it('runs nothing from the MCP server and logs the ignored keys', async () => {
      const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: xdg };
      delete env.LOCUS_TRUST_WORKSPACE;
      const child = spawn(process.execPath, [BIN, 'mcp', '--root', ws], { env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
      const reply = async (id: number): Promise<Record<string, unknown> | undefined> => {
        for (let i = 0; i < 2400; i++) {
          const line = stdout.split('\n').find((l) => l.includes(`"id":${id}`));
          if (line) return JSON.parse(line) as Record<string, unknown>;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return undefined;
      };
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'trust-test', version: '1' },
        },
      });
      await reply(1);
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      send({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'hover', arguments: { locate: 'a.py@print(<|>x)' } },
      });
      const hover = (await reply(2)) as { result?: { isError?: boolean } } | undefined;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
      expect(hover?.result).toBeDefined();
      expect(hover?.result?.isError).toBeFalsy();
      expect(stderr).toMatch(/ignoring .*languages\.python\.command/);
      expect(existsSync(marker)).toBe(false);
    });

    it('runs the command once trusted explicitly (the control: the marker is what the other tests look for)', () => {
      const run = locus(['hover', 'a.py@print(<|>x)', '--trust']);
      expect(run.code).not.toBe(0);
      expect(existsSync(marker), `exit ${run.code}: ${run.stderr}`).toBe(true);
    });

    it('runs it too with LOCUS_TRUST_WORKSPACE=1', () => {
      const run = locus(['hover', 'a.py@print(<|>x)'], { LOCUS_TRUST_WORKSPACE: '1' });
      expect(existsSync(marker), `exit ${run.code}: ${run.stderr}`).toBe(true);
    });
  });
}
