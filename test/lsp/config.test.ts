/** Configuration, routing and installation errors of the LSP layer (no server is started here). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLocusError, LocusError } from '../../src/core/index.js';
import { DEFAULT_LSP_CONFIG } from '../../src/lsp/config.js';
import { LspManager } from '../../src/lsp/manager.js';
import type { Session } from '../../src/lsp/session.js';
import { removeDir } from './support.js';

const dirs: string[] = [];
const xdg = process.env.XDG_CONFIG_HOME;
// No user config from the machine running the tests.
beforeAll(() => {
  process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'locus-xdg-'));
});
afterAll(() => {
  removeDir(process.env.XDG_CONFIG_HOME as string);
  if (xdg === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = xdg;
});
function workspace(files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'locus-config-'));
  dirs.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}
afterEach(() => dirs.splice(0).forEach(removeDir));

function thrown(fn: () => unknown): LocusError {
  try {
    fn();
  } catch (error) {
    if (isLocusError(error)) return error;
    throw error;
  }
  throw new Error('expected a LocusError');
}

async function rejected(promise: Promise<unknown>): Promise<LocusError> {
  try {
    await promise;
  } catch (error) {
    if (isLocusError(error)) return error;
    throw error;
  }
  throw new Error('expected a LocusError');
}

describe('locus.config.json', () => {
  it('uses the defaults without a file', () => {
    const manager = new LspManager({ workspaceRoot: workspace() });
    expect(manager.config).toEqual(DEFAULT_LSP_CONFIG);
  });

  it('reads globals and per-language entries, programmatic overrides on top', () => {
    const root = workspace({
      'locus.config.json': JSON.stringify({
        idleTimeoutMinutes: 2,
        requestTimeoutMs: 1000,
        languages: { python: { command: 'basedpyright-langserver', args: ['--stdio'] } },
      }),
    });
    const manager = new LspManager({ workspaceRoot: root, config: { requestTimeoutMs: 500 }, trust: true });
    expect(manager.config.idleTimeoutMinutes).toBe(2);
    expect(manager.config.requestTimeoutMs).toBe(500);
    expect(manager.config.languages.python?.command).toBe('basedpyright-langserver');
  });

  it.each([
    ['not JSON', '{ nope', /not valid JSON/],
    ['an unknown key', '{ "idleTimeout": 3 }', /unknown key "idleTimeout" \(known: .*idleTimeoutMinutes/],
    ['a negative number', '{ "requestTimeoutMs": -1 }', /requestTimeoutMs: Too small/],
    [
      'an unknown language',
      '{ "languages": { "cobol": {} } }',
      /languages: unknown key "cobol" \(known: .*rust/,
    ],
    [
      'a wrong type',
      '{ "languages": { "go": { "args": "serve" } } }',
      /languages\.go\.args: .*expected array/,
    ],
    ['a bad encoding', '{ "languages": { "c": { "positionEncodings": ["utf-7"] } } }', /positionEncodings/],
    [
      'an unknown adapter',
      '{ "languages": { "python": { "server": "pylsp" } } }',
      /languages\.python\.server to "pylsp", which is not a built-in server/,
    ],
    [
      'an adapter for another language',
      '{ "languages": { "python": { "server": "gopls" } } }',
      /not a built-in server for python/,
    ],
  ])('rejects %s with CONFIG_INVALID and a clear message', (_name, text, message) => {
    const root = workspace({ 'locus.config.json': text });
    const error = thrown(() => new LspManager({ workspaceRoot: root }));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toMatch(message);
    expect(error.hint).toBeDefined();
  });
});

describe('routing files to sessions', () => {
  it('has no session for unsupported or disabled languages', () => {
    const root = workspace({ 'locus.config.json': '{ "languages": { "bash": { "enabled": false } } }' });
    const manager = new LspManager({ workspaceRoot: root });
    expect(manager.forFile(join(root, 'notes.txt'))).toBeUndefined();
    expect(manager.forFile(join(root, 'run.sh'))).toBeUndefined();
    expect(thrown(() => manager.sessionFor(join(root, 'notes.txt'))).code).toBe('UNSUPPORTED_LANGUAGE');
  });

  it('gives each sub-project its own session, rooted at its nearest project file', () => {
    const root = workspace({
      'pyproject.toml': '',
      'a/x.py': '',
      'svc/pyproject.toml': '',
      'svc/pkg/y.py': '',
      'web/tsconfig.json': '{}',
      'web/src/z.ts': '',
      'web/src/w.js': '',
    });
    const manager = new LspManager({ workspaceRoot: root });
    const x = manager.forFile(join(root, 'a/x.py')) as Session;
    const y = manager.forFile(join(root, 'svc/pkg/y.py')) as Session;
    expect(x.root).toBe(root);
    expect(y.root).toBe(join(root, 'svc'));
    expect(manager.forFile(join(root, 'svc/other.py'))).toBe(y);
    const ts = manager.forFile(join(root, 'web/src/z.ts')) as Session;
    expect(ts.root).toBe(join(root, 'web'));
    expect(manager.forFile(join(root, 'web/src/w.js'))).toBe(ts);
  });
});

describe('servers from configuration for any grammar language', () => {
  it('routes a language without a built-in server to its configured command', () => {
    const root = workspace({
      'svc/pom.xml': '',
      'svc/src/Main.java': '',
      'app/build.gradle': '',
      'app/A.kt': '',
    });
    const manager = new LspManager({
      workspaceRoot: root,
      config: { languages: { java: { command: 'my-java-server', rootMarkers: ['pom.xml'] } } },
    });
    const java = manager.forFile(join(root, 'svc/src/Main.java')) as Session;
    expect(java.root).toBe(join(root, 'svc'));
    expect(java.adapter.id).toBe('configured:java');
    expect(manager.forFile(join(root, 'app/A.kt'))).toBeUndefined();
  });
});

describe('missing servers', () => {
  it('a configured command that does not exist is SERVER_NOT_INSTALLED', async () => {
    const root = workspace({ 'm.py': 'x = 1\n' });
    const manager = new LspManager({
      workspaceRoot: root,
      config: { languages: { python: { command: 'no-such-language-server-xyz' } } },
    });
    const error = await rejected((manager.forFile(join(root, 'm.py')) as Session).start());
    expect(error.code).toBe('SERVER_NOT_INSTALLED');
    expect(error.message).toMatch(/no-such-language-server-xyz/);
  });

  it('a PATH server that is absent names the apt command', async () => {
    const root = workspace({ 'go.mod': 'module x\n\ngo 1.19\n', 'main.go': 'package main\n' });
    const manager = new LspManager({ workspaceRoot: root });
    const path = process.env.PATH;
    process.env.PATH = root;
    try {
      const error = await rejected((manager.forFile(join(root, 'main.go')) as Session).start());
      expect(error.code).toBe('SERVER_NOT_INSTALLED');
      expect(error.hint).toMatch(/apt-get install .*gopls golang-go/);
    } finally {
      process.env.PATH = path;
    }
  });
});
