/**
 * One-shot processes exit promptly (issue 10): a Swift `hover` used to answer in well under a second
 * and exit tens of seconds later while V8 optimised the grammar's WASM in the background. The bound
 * is relative (the exit may not take several times as long as the answer did), not a wall-clock limit.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, build, scratch } from './support.js';

const ws = scratch({ 'a.swift': 'class A {\n    func m() -> Int { return 1 }\n}\n' });
beforeAll(build, 120_000);
afterAll(() => ws.cleanup());

function timings(args: string[]): Promise<{ answered: number; exited: number }> {
  return new Promise((resolve) => {
    const began = performance.now();
    let answered: number | undefined;
    const child = spawn(process.execPath, [BIN, ...args, '--root', ws.root]);
    const mark = (): void => void (answered ??= performance.now() - began);
    child.stdout.on('data', mark);
    child.stderr.on('data', mark);
    child.on('exit', () => resolve({ answered: answered ?? Infinity, exited: performance.now() - began }));
  });
}

it('a one-shot Swift hover exits soon after its answer', async () => {
  for (const args of [
    ['hover', 'a.swift:A.m'],
    ['outline', 'a.swift'],
  ]) {
    const { answered, exited } = await timings(args);
    expect(answered).toBeLessThan(Infinity);
    expect(exited - answered, `${args.join(' ')}: answered ${answered} ms, exited ${exited} ms`).toBeLessThan(
      3 * answered + 1000,
    );
  }
}, 180_000);
