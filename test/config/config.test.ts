/**
 * locus.config.json: discovery by walking up, the user config, validation (CONFIG_INVALID) and workspace trust
 * (docs/configuration.md).
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIG_LANGUAGES,
  configJsonSchema,
  findWorkspaceConfig,
  loadConfig,
  TRUST_ENV,
} from '../../src/config/index.js';
import { isLocusError, type LocusError } from '../../src/core/index.js';
import { languageIds } from '../../src/syntax/registry.js';
import { serverLanguageOf } from '../../src/core/languages.js';

const REPO = join(import.meta.dirname, '../..');
let base = '';
let xdg = '';
const saved = { xdg: process.env.XDG_CONFIG_HOME, trust: process.env[TRUST_ENV] };

function tree(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(base, file, '..'), { recursive: true });
    writeFileSync(join(base, file), text);
  }
}

function thrown(fn: () => unknown): LocusError {
  try {
    fn();
  } catch (error) {
    if (isLocusError(error)) return error;
    throw error;
  }
  throw new Error('expected a LocusError');
}

beforeAll(() => {
  xdg = mkdtempSync(join(tmpdir(), 'locus-xdg-'));
  process.env.XDG_CONFIG_HOME = xdg;
});
afterAll(() => {
  rmSync(xdg, { recursive: true, force: true });
  if (saved.xdg === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = saved.xdg;
});
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'locus-config-')));
  delete process.env[TRUST_ENV];
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
  rmSync(join(xdg, 'locus'), { recursive: true, force: true });
  if (saved.trust === undefined) delete process.env[TRUST_ENV];
  else process.env[TRUST_ENV] = saved.trust;
});

const userConfig = (config: unknown): void => {
  mkdirSync(join(xdg, 'locus'), { recursive: true });
  writeFileSync(join(xdg, 'locus', 'config.json'), JSON.stringify(config));
};

describe('the languages section', () => {
  it('accepts every grammar language by the key of its server (tsx → typescript, ocaml_interface → ocaml)', () => {
    expect([...CONFIG_LANGUAGES].sort()).toEqual([...new Set(languageIds().map(serverLanguageOf))].sort());
  });
});

describe('discovery', () => {
  it('walks up from the root to the nearest locus.config.json', () => {
    tree({ 'repo/locus.config.json': '{}', 'repo/pkg/deep/x.py': '' });
    expect(findWorkspaceConfig(join(base, 'repo/pkg/deep'))).toBe(join(base, 'repo/locus.config.json'));
  });

  it('stops at a version-control root', () => {
    tree({ 'locus.config.json': '{"idleTimeoutMinutes": 1}', 'repo/.git/HEAD': '', 'repo/src/x.py': '' });
    expect(findWorkspaceConfig(join(base, 'repo/src'))).toBeUndefined();
    tree({ 'repo/locus.config.json': '{}' });
    expect(findWorkspaceConfig(join(base, 'repo/src'))).toBe(join(base, 'repo/locus.config.json'));
  });

  it('accepts a $schema key pointing at the published schema', () => {
    tree({
      'locus.config.json': '{"$schema": "./node_modules/locus-locate/schema/locus.config.schema.json"}',
    });
    expect(loadConfig(base).files).toEqual([join(base, 'locus.config.json')]);
  });

  it('reads the user config under $XDG_CONFIG_HOME, the workspace config over it', () => {
    userConfig({ idleTimeoutMinutes: 1, requestTimeoutMs: 5, languages: { python: { enabled: false } } });
    tree({
      'locus.config.json':
        '{"requestTimeoutMs": 7, "languages": {"python": {"positionEncodings": ["utf-8"]}}}',
    });
    const { config, files } = loadConfig(base);
    expect(files).toEqual([join(xdg, 'locus/config.json'), join(base, 'locus.config.json')]);
    expect(config.idleTimeoutMinutes).toBe(1);
    expect(config.requestTimeoutMs).toBe(7);
    expect(config.languages?.python).toEqual({ enabled: false, positionEncodings: ['utf-8'] });
  });

  it('reports an invalid user config as CONFIG_INVALID naming the file', () => {
    userConfig({ languages: { python: { enabled: 'no' } } });
    const error = thrown(() => loadConfig(base));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain(join(xdg, 'locus/config.json'));
    expect(error.message).toMatch(/languages\.python\.enabled: .*expected boolean/);
  });
});

describe('workspace trust', () => {
  const risky = {
    allowNetwork: true,
    idleTimeoutMinutes: 3,
    languages: {
      python: {
        command: './evil.sh',
        args: ['--x'],
        env: { A: 'b' },
        settings: { python: { pythonPath: './evil.sh' } },
        initializationOptions: { x: 1 },
        positionEncodings: ['utf-8'],
      },
    },
  };

  it('drops the process-starting keys of an untrusted workspace with a warning naming them', () => {
    tree({ 'locus.config.json': JSON.stringify(risky) });
    const { config, trusted, warnings } = loadConfig(base);
    expect(trusted).toBe(false);
    expect(config).toEqual({
      idleTimeoutMinutes: 3,
      languages: { python: { positionEncodings: ['utf-8'] } },
    });
    expect(warnings).toHaveLength(1);
    for (const key of ['allowNetwork', 'command', 'args', 'env', 'settings', 'initializationOptions'])
      expect(warnings[0]).toContain(key === 'allowNetwork' ? key : `languages.python.${key}`);
    expect(warnings[0]).toMatch(/--trust/);
  });

  it.each([
    ['--trust', () => ({ trust: true })],
    [`${TRUST_ENV}=1`, () => ((process.env[TRUST_ENV] = '1'), {})],
    ['trustedRoots in the user config', () => (userConfig({ trustedRoots: [base] }), {})],
  ])('honours every key when trusted by %s', (_how, setUp) => {
    tree({ 'locus.config.json': JSON.stringify(risky) });
    const options = setUp();
    const { config, trusted, warnings } = loadConfig(join(base), options);
    expect(trusted).toBe(true);
    expect(warnings).toEqual([]);
    expect(config.languages?.python?.command).toBe('./evil.sh');
  });

  it('trusts subfolders of a trusted root, not siblings that share a prefix', () => {
    tree({ 'a/sub/x.py': '', 'ab/x.py': '' });
    userConfig({ trustedRoots: [join(base, 'a')] });
    expect(loadConfig(join(base, 'a/sub')).trusted).toBe(true);
    expect(loadConfig(join(base, 'ab')).trusted).toBe(false);
  });

  it('ignores trustedRoots in a workspace config (a repository cannot trust itself)', () => {
    tree({
      'locus.config.json': JSON.stringify({ trustedRoots: [base], languages: { go: { command: 'x' } } }),
    });
    const { trusted, config, warnings } = loadConfig(base);
    expect(trusted).toBe(false);
    expect(config).toEqual({ languages: { go: {} } });
    expect(warnings[0]).toMatch(/trustedRoots/);
  });
});

describe('limits and durations (docs/security.md, "Limits")', () => {
  const MiB = 1024 * 1024;

  it('an untrusted workspace config may only lower a limit: raising ones are dropped with a warning', () => {
    tree({ 'locus.config.json': JSON.stringify({ limits: { maxFileBytes: 64 * MiB, maxFindLength: 100 } }) });
    const { config, warnings } = loadConfig(base);
    expect(config.limits).toEqual({ maxFindLength: 100 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`limits.maxFileBytes (${64 * MiB} > ${32 * MiB})`);
    expect(warnings[0]).toMatch(/may only lower limits/);
    expect(loadConfig(base, { trust: true }).config.limits).toEqual({
      maxFileBytes: 64 * MiB,
      maxFindLength: 100,
    });
  });

  it("the user config's limits are the base an untrusted workspace may lower", () => {
    userConfig({ limits: { maxFileBytes: 100 * MiB } });
    tree({ 'locus.config.json': JSON.stringify({ limits: { maxFileBytes: 64 * MiB } }) });
    const { config, warnings } = loadConfig(base);
    expect(config.limits).toEqual({ maxFileBytes: 64 * MiB });
    expect(warnings).toEqual([]);
  });

  // Past Node's timer limit (2^31-1 ms) a timer fires at once: every call would be a false TIMEOUT.
  it.each([
    ['limits.maxFileBytes', { limits: { maxFileBytes: 9007199254740991 } }],
    ['requestTimeoutMs', { requestTimeoutMs: 3000000000 }],
    ['initializeTimeoutMs', { initializeTimeoutMs: 3000000000 }],
    ['readyTimeoutMs', { readyTimeoutMs: 1e12 }],
    ['idleTimeoutMinutes', { idleTimeoutMinutes: 1e9 }],
    ['restartWindowMinutes', { restartWindowMinutes: 1e9 }],
  ])('%s past its ceiling is CONFIG_INVALID, trusted or not', (key, value) => {
    tree({ 'locus.config.json': JSON.stringify(value) });
    for (const options of [{}, { trust: true }]) {
      const error = thrown(() => loadConfig(base, options));
      expect(error.code).toBe('CONFIG_INVALID');
      expect(error.message).toContain(key.split('.').pop());
    }
  });
});

describe('broad roots (docs/security.md, "Workspace roots")', () => {
  const savedHome = process.env.HOME;
  afterEach(() => {
    if (savedHome === undefined) delete process.env.HOME;
    else process.env.HOME = savedHome;
  });

  it('refuses the filesystem root and the home folder itself, unless the user config allows them', () => {
    process.env.HOME = base;
    for (const root of ['/', base]) {
      const error = thrown(() => loadConfig(root));
      expect(error.code).toBe('INVALID_ARGUMENT');
      expect(error.details).toMatchObject({ argument: '--root' });
      expect(error.hint).toContain('allowBroadRoots');
    }
    tree({ 'project/a.py': '' });
    expect(loadConfig(join(base, 'project')).trusted).toBe(false);
    userConfig({ allowBroadRoots: true });
    expect(loadConfig(base).files).toHaveLength(1);
  });

  it('a workspace config cannot allow it', () => {
    tree({ 'project/locus.config.json': JSON.stringify({ allowBroadRoots: true }) });
    const { config, warnings } = loadConfig(join(base, 'project'));
    expect(config).toEqual({});
    expect(warnings[0]).toMatch(/allowBroadRoots/);
  });
});

describe('the published JSON Schema', () => {
  it('is the one generated from the zod schema (run `npm run schema` after changing the format)', () => {
    const committed = JSON.parse(readFileSync(join(REPO, 'schema/locus.config.schema.json'), 'utf8'));
    expect(committed).toEqual(configJsonSchema());
  });

  it('describes every top-level key and forbids unknown ones', () => {
    const schema = configJsonSchema() as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties)).toContain('languages');
    expect(schema.additionalProperties).toBe(false);
  });
});
