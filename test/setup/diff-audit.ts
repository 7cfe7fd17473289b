/**
 * Every diff the operations produce in a test is checked with `git apply --check` against the texts it
 * was made from, when the test file ends (docs/mcp.md, "Diffs"). The diff module is wrapped for every
 * test file, so a rename, format or code action in any test proves its own diff; a diff git refuses
 * fails that test file. (The CLI and MCP tests print the same functions' diffs from a child process.)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, vi } from 'vitest';
import type * as Diff from '../../src/ops/locating/diff.js';

interface Made {
  changes: readonly Diff.DiffInput[];
  diff: string;
}

const made: Made[] = [];

vi.mock('../../src/ops/locating/diff.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Diff>();
  return {
    ...actual,
    unifiedDiff(changes: readonly Diff.DiffInput[]) {
      const diff = actual.unifiedDiff(changes);
      made.push({ changes, diff });
      return diff;
    },
    boundedDiff(changes: readonly Diff.DiffInput[], budget?: number, full?: boolean) {
      const bounded = actual.boundedDiff(changes, budget, full);
      made.push({ changes, diff: bounded.diff });
      return bounded;
    },
  };
});

/** git's complaint about `diff` applied to `changes`' old texts, or undefined when it applies. */
function gitApplyCheck(dir: string, { changes, diff }: Made): string | undefined {
  rmSync(path.join(dir, 'tree'), { recursive: true, force: true });
  for (const change of changes) {
    const file = path.join(dir, 'tree', change.file_path);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, change.before);
  }
  mkdirSync(path.join(dir, 'tree'), { recursive: true });
  writeFileSync(path.join(dir, 'change.patch'), diff);
  const run = spawnSync('git', ['apply', '--check', '--unsafe-paths', '--directory=tree', 'change.patch'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  return run.status === 0 ? undefined : `${run.stderr}\n${diff}`;
}

afterAll(() => {
  const audited = made.splice(0).filter((m) => m.diff.length > 0);
  if (audited.length === 0) return;
  const probe = spawnSync('git', ['--version']);
  if (probe.error) {
    if (process.env.CI === 'true') throw new Error('git is needed to check the diffs of this test file');
    console.warn(`SKIPPED: git apply --check of ${audited.length} diff(s) (no git on PATH)`);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-diff-audit-'));
  try {
    spawnSync('git', ['init', '-q'], { cwd: dir });
    const refused = audited.map((m) => gitApplyCheck(dir, m)).filter((r) => r !== undefined);
    expect(refused, `git apply --check refused ${refused.length} of ${audited.length} diffs`).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
