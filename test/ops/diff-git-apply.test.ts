/**
 * Every diff Locus returns is one `git apply` accepts: random edits of random texts (with and without a final
 * newline, empty old or new text, several files) are diffed, checked with `git apply --check`, applied, and the
 * result compared with the edited text. Bounded diffs keep whole, valid file patches.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { boundedDiff, unifiedDiff, type DiffInput } from '../../src/ops/locating/diff.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'locus-git-apply-'));
  execFileSync('git', ['init', '-q'], { cwd: dir });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = fc.stringMatching(/^[a-z =(){};]{0,12}$/);
const text = fc
  .tuple(fc.array(line, { maxLength: 30 }), fc.boolean())
  .map(([lines, finalNewline]) => (lines.length === 0 ? '' : lines.join('\n') + (finalNewline ? '\n' : '')));

/** Applies `diff` in a fresh tree holding `changes`' old texts; returns the new texts (or git's complaint). */
function gitApply(changes: DiffInput[], diff: string): Record<string, string> | string {
  rmSync(path.join(dir, 'src'), { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src'));
  for (const c of changes) writeFileSync(path.join(dir, c.file_path), c.before);
  const patch = path.join(dir, 'change.patch');
  writeFileSync(patch, diff);
  for (const args of [
    ['apply', '--check', patch],
    ['apply', patch],
  ]) {
    const run = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0) return `git ${args.join(' ')}: ${run.stderr}\n${diff}`;
  }
  return Object.fromEntries(
    changes.map((c) => [c.file_path, readFileSync(path.join(dir, c.file_path), 'utf8')]),
  );
}

it('git apply accepts every diff and reproduces the edited texts', () => {
  fc.assert(
    // Either the minimal diff or the one-hunk form a window over the step budget gets (budget 0).
    fc.property(
      fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      (pairs, block) => {
        const changes = pairs
          .map(([before, after], i) => ({ file_path: `src/f${i}.txt`, before, after }))
          .filter((c) => c.before !== c.after);
        fc.pre(changes.length > 0);
        const diff = block ? unifiedDiff(changes, 0) : unifiedDiff(changes);
        expect(diff.endsWith('\n')).toBe(true);
        expect(gitApply(changes, diff)).toEqual(
          Object.fromEntries(changes.map((c) => [c.file_path, c.after])),
        );
      },
    ),
    { numRuns: 60 },
  );
});

it('a replacement far over the step budget is one hunk: its old lines removed, its new lines added', () => {
  const before = Array.from({ length: 2000 }, (_, i) => `keep ${i}`).join('\n') + '\n';
  const added = Array.from({ length: 40_000 }, (_, i) => `new ${i}`).join('\n');
  const after = before.replace('keep 1000\n', `${added}\n`);
  const diff = unifiedDiff([{ file_path: 'src/huge.txt', before, after }]);
  expect(diff.match(/^@@ .* @@$/gm)).toEqual(['@@ -998,7 +998,40006 @@']);
  expect(diff.match(/^-.*$/gm)?.slice(1)).toEqual(['-keep 1000']);
  expect(gitApply([{ file_path: 'src/huge.txt', before, after }], diff)).toEqual({ 'src/huge.txt': after });
});

it('lines changed in place over the step budget pair up: a 2,000-line file with 300 changed lines', () => {
  const before = Array.from({ length: 2000 }, (_, i) => `use ${i} of name`).join('\n') + '\n';
  const after = before.replace(/^use (\d*[05]) of name$/gm, 'use $1 of renamed');
  const changes = [{ file_path: 'src/many.txt', before, after }];
  const bounded = boundedDiff(changes, undefined, true);
  expect(bounded.coarse).toBeUndefined();
  // Every 5th line changed: hunks merge across the 4 shared lines between, so one hunk, 400 lines out and in.
  expect(bounded.diff.match(/^-use \d+ of name$/gm)).toHaveLength(400);
  expect(bounded.diff.match(/^\+use \d+ of renamed$/gm)).toHaveLength(400);
  expect(gitApply(changes, bounded.diff)).toEqual({ 'src/many.txt': after });
  // Far apart (lines 100, 200, …, 1900): one hunk of seven lines each.
  const sparse = {
    file_path: 'src/sparse.txt',
    before,
    after: before.replace(/^use (\d*00) of name$/gm, 'x $1'),
  };
  const diff = unifiedDiff([sparse], 0);
  expect(diff.match(/^@@ .* @@$/gm)).toHaveLength(19);
  expect(diff).toContain(
    '@@ -98,7 +98,7 @@\n use 97 of name\n use 98 of name\n use 99 of name\n-use 100 of name\n+x 100\n',
  );
  expect(gitApply([sparse], diff)).toEqual({ 'src/sparse.txt': sparse.after });
});

it('a window over the budget that is not changed in place is one hunk, and the diff names the file', () => {
  const before = Array.from({ length: 50 }, (_, i) => `keep ${i}`).join('\n') + '\n';
  const lines = (from: number) => Array.from({ length: 20_000 }, (_, i) => `new ${from + i}\n`).join('');
  const coarse = (after: string) => boundedDiff([{ file_path: 'src/c.txt', before, after }], undefined, true);
  // Minimal within the budget, or one block that is minimal too (no line on both sides): not coarse.
  expect(coarse(before.replace('keep 10\n', 'one\ntwo\n')).coarse).toBeUndefined();
  expect(coarse(before.replace('keep 10\n', lines(0))).coarse).toBeUndefined();
  // The old line kept amid 40,000 new ones: the block removes and re-adds it.
  const kept = before.replace('keep 10\n', `${lines(0)}keep 10\n${lines(20_000)}`);
  const diff = coarse(kept);
  expect(diff.coarse).toEqual(['src/c.txt']);
  expect(diff.diff).toContain('\n-keep 10\n');
  expect(gitApply([{ file_path: 'src/c.txt', before, after: kept }], diff.diff)).toEqual({
    'src/c.txt': kept,
  });
});

it('an empty old text is diffed as @@ -0,0', () => {
  const diff = unifiedDiff([{ file_path: 'src/new.txt', before: '', after: 'a\nb\n' }]);
  expect(diff).toContain('@@ -0,0 +1,2 @@');
  expect(gitApply([{ file_path: 'src/new.txt', before: '', after: 'a\nb\n' }], diff)).toEqual({
    'src/new.txt': 'a\nb\n',
  });
});

it('a diff over the budget keeps whole file patches that git accepts, and summarises every file', () => {
  const big = Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\n') + '\n';
  const changes = [0, 1, 2].map((i) => ({
    file_path: `src/big${i}.txt`,
    before: big,
    after: big.replace(/line (\d*)7\n/g, 'LINE $17\n'),
  }));
  const bounded = boundedDiff(changes, 5_000);
  expect(bounded.diff_complete).toBe(false);
  expect(bounded.diff.length).toBeLessThanOrEqual(5_000);
  expect(bounded.diff_summary?.map((f) => f.file_path)).toEqual(changes.map((c) => c.file_path));
  expect(bounded.diff_summary?.every((f) => f.added === 40 && f.removed === 40)).toBe(true);
  expect(bounded.advice).toEqual([{ kind: 'full-diff' }]);
  const result = gitApply(changes, bounded.diff);
  expect(typeof result, String(result)).toBe('object');
  expect((result as Record<string, string>)['src/big0.txt']).toBe(changes[0]?.after);
  const full = boundedDiff(changes, 5_000, true);
  expect(full.diff_complete).toBe(true);
  expect(gitApply(changes, full.diff)).toEqual(
    Object.fromEntries(changes.map((c) => [c.file_path, c.after])),
  );
});

it('edits that keep every line in place (a rename) pair lines: the same diff as the minimal one, and git applies it', () => {
  // New names of another length and of the same length (a changed line then differs only in its text).
  const word = fc.constantFrom('name', 'renamed', 'nmae', 'x', ' ', '()');
  const texts = fc.array(fc.array(word, { maxLength: 4 }), { minLength: 1, maxLength: 40 });
  const newName = fc.constantFrom('renamed', 'nmae');
  fc.assert(
    fc.property(
      texts,
      fc.boolean(),
      newName,
      fc.infiniteStream(fc.boolean()),
      (lines, finalNewline, to, picks) => {
        const before = lines.map((l) => l.join('')).join('\n') + (finalNewline ? '\n' : '');
        // The server renames some occurrences (as a rename that misses places does): each line stays a line.
        const after = before.replace(/name/g, (found) => (picks.next().value ? to : found));
        fc.pre(after !== before);
        const change = { file_path: 'src/r.txt', before, after };
        const paired = unifiedDiff([{ ...change, inPlace: true }]);
        expect(gitApply([change], paired)).toEqual({ 'src/r.txt': after });
        expect(paired).toBe(unifiedDiff([change]));
      },
    ),
    { numRuns: 300 },
  );
});

it('texts whose lines do not pair one for one get the minimal diff even when marked in place', () => {
  const cases = [
    ['a\n', 'a\nb'],
    ['a\n', 'a\n\n'],
    ['', 'x'],
    ['a', 'a\n'],
    ['a\nb\n', 'a\nc'],
    ['x\ny\n', 'x\n'],
  ];
  for (const [before, after] of cases) {
    const change = { file_path: 'src/r.txt', before: before as string, after: after as string };
    expect(unifiedDiff([{ ...change, inPlace: true }])).toBe(unifiedDiff([change]));
    expect(gitApply([change], unifiedDiff([{ ...change, inPlace: true }]))).toEqual({ 'src/r.txt': after });
  }
});
