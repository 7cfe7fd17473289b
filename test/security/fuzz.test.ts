/**
 * Seeded, bounded fuzzing of the real binary (issue 10): whatever the arguments, `--json` runs exit
 * with 0, 1 or 2 and print one JSON answer with a known error code; `check` answers every line of a
 * hostile stream, in order, with valid JSON.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, build, locus, scratch } from './support.js';
import { seededRandom } from '../helpers/seeded-random.js';

const KNOWN_CODES = new Set(
  [...readFileSync(path.join(REPO, 'src/core/errors.ts'), 'utf8').matchAll(/\|\s*'([A-Z_]+)'/g)].map(
    (m) => m[1],
  ),
);

const PATHS = [
  'a.py',
  'cr.py',
  'missing.py',
  '../x.py',
  '/etc/passwd',
  'dir',
  'bin.dat',
  'a.py:',
  '',
  'é.py',
];
const SCOPES = [
  '',
  ':a',
  ':A.m',
  ':1',
  ':0',
  ':2-1',
  ':L3',
  ':(*T).M',
  ':a[9]',
  ':x y',
  ':99999999999999999999',
  ':',
];
const FINDS = [
  '',
  '@return <|>1',
  '@<|>',
  '@ <|> ',
  '@<<|>>',
  '@<|><|>',
  '@@',
  '@def',
  '@\u0000',
  '@😀<|>',
  '@(',
  '@)',
];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function randomLocate(next: () => number): string {
  let text = pick(next, PATHS) + pick(next, SCOPES) + pick(next, FINDS);
  if (next() < 0.15) text += 'z'.repeat(Math.floor(next() * 20_000));
  if (next() < 0.1) text = text.split('').reverse().join('');
  return text;
}

function randomArgs(next: () => number): string[] {
  const command = pick(next, ['locate', 'describe', 'outline', 'locate', 'locate']);
  const args = [command];
  if (command === 'describe')
    args.push(`${pick(next, PATHS)}:${pick(next, ['1:1', '0:0', '2:5', 'x', '1.5:2', '-1:1'])}`);
  else if (command === 'outline') args.push(pick(next, PATHS));
  else args.push(randomLocate(next));
  if (next() < 0.3) args.push(pick(next, ['--range', '--bogus', '--root', '-x', '--page', 'extra']));
  return [...args, '--json'];
}

const ws = scratch({
  'a.py': 'def a():\n    return 1\n',
  'cr.py': 'class A:\r    def m(self):\r        return 1\r',
  'bin.dat': 'x\u0000y',
  'dir/b.py': 'x = 1\n',
  'é.py': 'y = 2\n',
});
beforeAll(build);
afterAll(() => ws.cleanup());

function expectCoded(stdout: string): void {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const body = JSON.parse(lines[0] as string) as { ok: boolean; error?: { code: string } };
  if (!body.ok) {
    expect(KNOWN_CODES.has(body.error?.code)).toBe(true);
    expect(body.error?.code).not.toBe('INTERNAL');
  }
}

describe('CLI fuzz (seeded)', () => {
  it('40 random --json runs: exit code in {0,1,2}, one JSON answer, a known code', () => {
    const next = seededRandom(20261123);
    for (let i = 0; i < 40; i++) {
      const args = randomArgs(next);
      const run = locus([...args, '--root', ws.root]);
      const label = JSON.stringify(args).slice(0, 200);
      expect([0, 1, 2], label).toContain(run.code);
      expect(() => expectCoded(run.stdout), `${label}\n${run.stdout.slice(0, 300)}`).not.toThrow();
    }
  });
});

describe('check fuzz (seeded)', () => {
  it('answers every non-blank line of a hostile stream, in order, with valid JSON', () => {
    const next = seededRandom(7);
    const lines: string[] = [];
    for (let i = 0; i < 300; i++) {
      const r = next();
      if (r < 0.5) lines.push(JSON.stringify({ locate: randomLocate(next), id: i }));
      else if (r < 0.6)
        lines.push(
          JSON.stringify({ locate: { file_path: pick(next, PATHS), find: 'x', find_index: -1 }, id: i }),
        );
      else if (r < 0.7) lines.push(`{"locate": ${i}`);
      else if (r < 0.75) lines.push(JSON.stringify({ locate: 'a.py:a', id: i, pad: 'p'.repeat(1_200_000) }));
      else if (r < 0.8) lines.push(JSON.stringify([i]));
      else if (r < 0.9) lines.push(JSON.stringify({ locate: 'a.py:a', range: 'yes', id: i }));
      else lines.push(JSON.stringify({ locate: 'cr.py:A.m', id: i }));
    }
    const run = locus(['check', '--root', ws.root], { input: `${lines.join('\n')}\n` });
    expect(run.code).toBe(0);
    const answers = run.stdout.trim().split('\n');
    expect(answers).toHaveLength(lines.length);
    for (const answer of answers) {
      const body = JSON.parse(answer) as { ok: boolean; error?: { code: string } };
      if (!body.ok) expect(KNOWN_CODES.has(body.error?.code), answer.slice(0, 200)).toBe(true);
      expect(body.error?.code).not.toBe('INTERNAL');
    }
    const oversized = answers.filter((a) => a.includes('"maxCheckLineBytes"'));
    expect(oversized.length).toBe(lines.filter((l) => l.length > 1024 * 1024).length);
    expect(oversized.length).toBeGreaterThan(0);
  });

  it('a missing request file is FILE_NOT_FOUND as JSON', () => {
    const run = locus(['check', path.join(ws.root, 'nonexistent.jsonl'), '--root', ws.root, '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: 'FILE_NOT_FOUND' } });
  });
});
