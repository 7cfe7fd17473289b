/**
 * One-shot processes exit by themselves after answering (issue 10): a Swift `hover` used to answer in well under a
 * second and exit tens of seconds later while V8 optimised the grammar's WASM in the background. The fix is a
 * choice made before the tree-sitter runtime starts (`preferFastStartup`, src/syntax/startup.ts: baseline
 * compiler only); these tests check that the choice is made in time and that the processes answer and exit. How
 * soon they exit is measured in the bench (docs/performance.md, "Cold start"), never asserted here.
 * @own-process: the compiler choice is checked before anything in this process has started the runtime.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preferFastStartup } from '../../src/syntax/startup.js';
import { BIN, build, scratch } from './support.js';

const ws = scratch({ 'a.swift': 'class A {\n    func m() -> Int { return 1 }\n}\n' });
beforeAll(build);
afterAll(() => ws.cleanup());

function run(args: string[]): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve) => {
    let stdout = '';
    const child = spawn(process.execPath, [BIN, ...args, '--root', ws.root]);
    // The answer, or a coded failure (no Swift server here) on stderr.
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('exit', (code) => resolve({ stdout, code }));
  });
}

it.each([
  ['hover', 'a.swift:A.m'],
  ['outline', 'a.swift'],
])('a one-shot Swift %s answers and exits by itself', async (...args) => {
  const { stdout, code } = await run(args);
  expect(stdout.length).toBeGreaterThan(0);
  // `hover` without a Swift server is a coded failure (exit 1 or 3), `outline` a success: either way an exit.
  expect(code).not.toBeNull();
});

it('the WebAssembly compiler is chosen before the runtime starts, and only then', async () => {
  expect(preferFastStartup()).toBe(true);
  const { TreeCache } = await import('../../src/syntax/tree-cache.js');
  const cache = new TreeCache();
  await cache.outline('a.swift', 'swift', 'class A {}\n');
  cache.close();
  expect(preferFastStartup()).toBe(false);
});
