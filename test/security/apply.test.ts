/**
 * Apply integrity (issue 10): writes go through in-root symlinks to their targets, keep mode and
 * owner, refuse read-only files unless forced, fail as WRITE_FAILED, and a multi-file apply killed
 * (SIGKILL) at any step ends all-old or all-new once the next Locus start has recovered it.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathToUri } from '../../src/lsp/uri.js';
import { recoverApplies } from '../../src/workspace/apply-recovery.js';
import { ownerOf } from '../../src/workspace/process-owner.js';
import { applyPlan, planWorkspaceEdit } from '../../src/ops/edits/edits.js';
import { FreshnessTracker } from '../../src/ops/context/freshness.js';
import { createReferenceAnswers, type OpsContext } from '../../src/ops/context/context.js';
import { createLocator } from '../../src/ops/locating/locator.js';
import { REPO, build, scratch } from './support.js';

const STATE = mkdtempSync(path.join(tmpdir(), 'locus-state-'));
process.env.LOCUS_STATE_DIR = STATE;

const ws = scratch({
  'inner.py': 'x = 1\n',
  'ro.py': 'r = 1\n',
  'mode.py': 'm = 1\n',
  'owned.py': 'o = 1\n',
});
const outside = scratch({ 'target.py': 't = 1\n' });
beforeAll(build);
afterAll(() => {
  ws.cleanup();
  outside.cleanup();
  rmSync(STATE, { recursive: true, force: true });
});

function context(root: string): OpsContext {
  const lsp = { documentChanged: async () => undefined, notifyFilesChanged: async () => undefined };
  return {
    locator: createLocator({ root }),
    lsp: lsp as unknown as OpsContext['lsp'],
    freshness: new FreshnessTracker(),
    referenceAnswers: createReferenceAnswers(),
  };
}

/** A plan replacing the first character of each file. */
function firstCharPlan(ctx: OpsContext, root: string, names: string[], replacement: string) {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  return planWorkspaceEdit(ctx, {
    changes: Object.fromEntries(
      names.map((n) => [pathToUri(path.join(root, n)), [{ range, newText: replacement }]]),
    ),
  });
}

describe('writes', () => {
  it('write through an in-root symlink to its target; the link stays a link', async () => {
    symlinkSync('inner.py', path.join(ws.root, 'alias.py'));
    const ctx = context(ws.root);
    await applyPlan(ctx, firstCharPlan(ctx, ws.root, ['alias.py'], 'y'));
    expect(lstatSync(path.join(ws.root, 'alias.py')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(ws.root, 'inner.py'), 'utf8')).toBe('y = 1\n');
  });

  it('a symlink to a file outside the root is refused', async () => {
    symlinkSync(path.join(outside.root, 'target.py'), path.join(ws.root, 'out.py'));
    const ctx = context(ws.root);
    const plan = {
      changes: [
        {
          file_path: 'out.py',
          absPath: path.join(ws.root, 'out.py'),
          before: 't = 1\n',
          after: 'T = 1\n',
          hadBom: false,
          edit_count: 1,
        },
      ],
      diff: '',
      fingerprint: 'x',
      skipped: [],
    };
    await expect(applyPlan(ctx, plan)).rejects.toMatchObject({ code: 'OUTSIDE_WORKSPACE' });
    expect(readFileSync(path.join(outside.root, 'target.py'), 'utf8')).toBe('t = 1\n');
  });

  it('keeps the mode; refuses a read-only file unless forced', async () => {
    chmodSync(path.join(ws.root, 'mode.py'), 0o640);
    chmodSync(path.join(ws.root, 'ro.py'), 0o444);
    const ctx = context(ws.root);
    await applyPlan(ctx, firstCharPlan(ctx, ws.root, ['mode.py'], 'n'));
    expect(statSync(path.join(ws.root, 'mode.py')).mode & 0o777).toBe(0o640);
    const plan = firstCharPlan(ctx, ws.root, ['ro.py', 'mode.py'], 's');
    await expect(applyPlan(ctx, plan)).rejects.toMatchObject({ code: 'READ_ONLY' });
    expect(readFileSync(path.join(ws.root, 'mode.py'), 'utf8')).toBe('n = 1\n');
    await applyPlan(ctx, plan, undefined, { force: true });
    expect(readFileSync(path.join(ws.root, 'ro.py'), 'utf8')).toBe('s = 1\n');
    expect(statSync(path.join(ws.root, 'ro.py')).mode & 0o777).toBe(0o444);
  });

  it.runIf(process.getuid?.() === 0)('keeps the owner (applied as root)', async () => {
    chownSync(path.join(ws.root, 'owned.py'), 65534, 65534);
    const ctx = context(ws.root);
    await applyPlan(ctx, firstCharPlan(ctx, ws.root, ['owned.py'], 'p'));
    const stats = statSync(path.join(ws.root, 'owned.py'));
    expect([stats.uid, stats.gid]).toEqual([65534, 65534]);
    expect(readFileSync(path.join(ws.root, 'owned.py'), 'utf8')).toBe('p = 1\n');
  });
});

const CHILD = `
const [root, count] = process.argv.slice(2);
const { createOpsContext } = await import(${JSON.stringify(path.join(REPO, 'dist/ops/context/context.js'))});
const { applyPlan, planWorkspaceEdit } = await import(${JSON.stringify(path.join(REPO, 'dist/ops/edits/edits.js'))});
const { pathToUri } = await import(${JSON.stringify(path.join(REPO, 'dist/lsp/uri.js'))});
const ctx = createOpsContext({ root });
const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };
const changes = {};
for (let i = 0; i < Number(count); i++) changes[pathToUri(root + '/f' + i + '.py')] = [{ range, newText: 'new' }];
await applyPlan(ctx, planWorkspaceEdit(ctx, { changes }));
process.exit(0);
`;

describe('kill -9 during a multi-file apply', () => {
  it('every run ends all-old or all-new after recovery', () => {
    const files = 5;
    const script = path.join(STATE, 'child.mjs');
    writeFileSync(script, CHILD);
    let seed = 12345;
    const outcomes = { old: 0, new: 0 };
    for (let run = 0; run < 12; run++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const crashAfter = 1 + (seed % 20);
      const root = scratch(
        Object.fromEntries(Array.from({ length: files }, (_, i) => [`f${i}.py`, `old = ${i}\n`])),
      );
      const child = spawnSync(process.execPath, [script, root.root, String(files)], {
        env: { ...process.env, LOCUS_STATE_DIR: STATE, LOCUS_TEST_CRASH_AFTER: String(crashAfter) },
        encoding: 'utf8',
        timeout: 600_000,
      });
      expect([0, null], child.stderr).toContain(child.status);
      recoverApplies(realpathSync(root.root));
      const texts = Array.from({ length: files }, (_, i) =>
        readFileSync(path.join(root.root, `f${i}.py`), 'utf8'),
      );
      const allOld = texts.every((t, i) => t === `old = ${i}\n`);
      const allNew = texts.every((t, i) => t === `new = ${i}\n`);
      expect(allOld || allNew, `crash after ${crashAfter}: ${JSON.stringify(texts)}`).toBe(true);
      outcomes[allNew ? 'new' : 'old']++;
      expect(readdirSync(root.root).filter((n) => n.includes('.locus-'))).toEqual([]);
      root.cleanup();
    }
    expect(readdirSync(STATE).filter((n) => n.startsWith('apply-'))).toEqual([]);
    expect(outcomes.old).toBeGreaterThan(0);
    expect(outcomes.new).toBeGreaterThan(0);
  });
});

describe('another user', () => {
  it.runIf(process.getuid?.() === 0)(
    'replacing a root-owned file would change its owner: READ_ONLY, nothing written',
    () => {
      const shared = scratch({ 'f0.py': 'old = 0\n' });
      chmodSync(shared.root, 0o777);
      chmodSync(path.join(shared.root, 'f0.py'), 0o666);
      chmodSync(STATE, 0o777);
      const script = path.join(STATE, 'child.mjs');
      writeFileSync(script, CHILD.replace('process.exit(0);', 'process.exit(0);\n'));
      chmodSync(script, 0o644);
      const child = spawnSync(
        'setpriv',
        ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, script, shared.root, '1'],
        { env: { ...process.env, LOCUS_STATE_DIR: STATE }, encoding: 'utf8', timeout: 600_000 },
      );
      expect(child.stderr).toContain('READ_ONLY');
      expect(readFileSync(path.join(shared.root, 'f0.py'), 'utf8')).toBe('old = 0\n');
      expect(statSync(path.join(shared.root, 'f0.py')).uid).toBe(0);
      shared.cleanup();
    },
  );
});

describe('recovery at MCP server start', () => {
  it('an apply killed mid-commit is finished when `locus mcp --root` starts', async () => {
    const script = path.join(STATE, 'child.mjs');
    writeFileSync(script, CHILD);
    const root = scratch(
      Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`f${i}.py`, `old = ${i}\n`])),
    );
    // Steps: journal, 3 staged files, committing, then link + rename of f0: killed right after that rename.
    spawnSync(process.execPath, [script, root.root, '3'], {
      env: { ...process.env, LOCUS_STATE_DIR: STATE, LOCUS_TEST_CRASH_AFTER: '7' },
      timeout: 600_000,
    });
    const texts = (): string[] =>
      [0, 1, 2].map((i) => readFileSync(path.join(root.root, `f${i}.py`), 'utf8'));
    expect(texts()).toEqual(['new = 0\n', 'old = 1\n', 'old = 2\n']);
    const server = spawn(process.execPath, [path.join(REPO, 'bin/locus.js'), 'mcp', '--root', root.root], {
      env: { ...process.env, LOCUS_STATE_DIR: STATE },
    });
    await new Promise<void>((resolve) =>
      server.stderr.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()),
    );
    server.kill();
    expect(texts()).toEqual(['new = 0\n', 'new = 1\n', 'new = 2\n']);
    root.cleanup();
  });
});

/** Like CHILD, over files f<first>…f<first+count-1> (so several children can apply to one root at once). */
const RANGE_CHILD = CHILD.replace(
  'const [root, count] = process.argv.slice(2);',
  'const [root, count, first = "0"] = process.argv.slice(2);',
).replace("root + '/f' + i + '.py'", "root + '/f' + (i + Number(first)) + '.py'");

function leftovers(root: string): { state: string[]; workspace: string[] } {
  return {
    state: readdirSync(STATE).filter((n) => n.startsWith('apply-')),
    workspace: readdirSync(root).filter((n) => n.includes('.locus-')),
  };
}

describe('leftovers (issue 25 §8)', () => {
  it.each([1, 2])(
    'a kill while the journal is written (its write %i) leaves nothing once the next start recovers',
    (write) => {
      const script = path.join(STATE, 'child.mjs');
      writeFileSync(script, CHILD);
      const root = scratch(Object.fromEntries([0, 1].map((i) => [`f${i}.py`, `old = ${i}\n`])));
      const child = spawnSync(process.execPath, [script, root.root, '2'], {
        env: { ...process.env, LOCUS_STATE_DIR: STATE, LOCUS_TEST_CRASH_WRITING_JOURNAL: String(write) },
        encoding: 'utf8',
        timeout: 600_000,
      });
      expect(child.signal, child.stderr).toBe('SIGKILL');
      expect(readdirSync(STATE).some((n) => n.endsWith('.tmp'))).toBe(true);
      recoverApplies(realpathSync(root.root));
      expect(leftovers(root.root)).toEqual({ state: [], workspace: [] });
      expect([0, 1].map((i) => readFileSync(path.join(root.root, `f${i}.py`), 'utf8'))).toEqual([
        'old = 0\n',
        'old = 1\n',
      ]);
      root.cleanup();
    },
  );

  it('recovery leaves the journal of a live process alone, and settles it once that process is gone', () => {
    const script = path.join(STATE, 'child.mjs');
    writeFileSync(script, CHILD);
    const root = scratch(Object.fromEntries([0, 1].map((i) => [`f${i}.py`, `old = ${i}\n`])));
    // Killed after the journal and both staged files: an apply in progress, as another process would see it.
    spawnSync(process.execPath, [script, root.root, '2'], {
      env: { ...process.env, LOCUS_STATE_DIR: STATE, LOCUS_TEST_CRASH_AFTER: '3' },
      timeout: 600_000,
    });
    const [name] = leftovers(root.root).state;
    const file = path.join(STATE, name as string);
    const journal = JSON.parse(readFileSync(file, 'utf8')) as { owner?: string };
    const dead = journal.owner;
    expect(dead).toMatch(/^\d+-/);
    // The same journal as if this (live) test process were applying it.
    const live = ownerOf(process.pid);
    writeFileSync(file, JSON.stringify({ ...journal, owner: live }));
    expect(recoverApplies(realpathSync(root.root))).toMatchObject({ active: 1, rolledBack: 0 });
    expect(leftovers(root.root).workspace).toHaveLength(2);
    writeFileSync(file, JSON.stringify({ ...journal, owner: dead }));
    expect(recoverApplies(realpathSync(root.root))).toMatchObject({ active: 0, rolledBack: 1 });
    expect(leftovers(root.root)).toEqual({ state: [], workspace: [] });
    root.cleanup();
  });

  it('concurrent applies to one root (each process recovering at its start) all succeed and leave nothing', async () => {
    const script = path.join(STATE, 'range-child.mjs');
    writeFileSync(script, RANGE_CHILD);
    const children = 6;
    const perChild = 3;
    const root = scratch(
      Object.fromEntries(Array.from({ length: children * perChild }, (_, i) => [`f${i}.py`, `old = ${i}\n`])),
    );
    const runs = Array.from({ length: children }, (_, c) => {
      const child = spawn(process.execPath, [script, root.root, String(perChild), String(c * perChild)], {
        env: { ...process.env, LOCUS_STATE_DIR: STATE },
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      return new Promise<{ code: number | null; stderr: string }>((resolve) =>
        child.on('close', (code) => resolve({ code, stderr })),
      );
    });
    for (const run of await Promise.all(runs)) expect(run.code, run.stderr).toBe(0);
    const texts = Array.from({ length: children * perChild }, (_, i) =>
      readFileSync(path.join(root.root, `f${i}.py`), 'utf8'),
    );
    expect(texts).toEqual(texts.map((_, i) => `new = ${i}\n`));
    expect(leftovers(root.root)).toEqual({ state: [], workspace: [] });
    root.cleanup();
  });
});
