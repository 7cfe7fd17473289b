/**
 * How the tree-sitter runtime compiles WebAssembly, chosen before it starts — in a module of its own, so a
 * one-shot process can choose without loading the runtime (docs/performance.md, "Cold start").
 */
import { createRequire } from 'node:module';

let started = false;
let fastStartup = false;

/** Called by the runtime when it initialises: from then on the choice is made. */
export function runtimeStarting(): void {
  started = true;
  // node:v8 loads only here: a one-shot answer from a persisted outline never starts the runtime.
  if (fastStartup)
    (createRequire(import.meta.url)('node:v8') as typeof import('node:v8')).setFlagsFromString(
      '--liftoff-only',
    );
}

/**
 * For one-shot processes (every CLI command): compile WebAssembly with the baseline compiler only, no
 * optimising tier-up. Measured on a 2-core machine under load, the first parse and query of a 5,000-line file
 * got 20–60 ms faster each (the first TypeScript parse 113 → 51 ms), and later parses ~1.4× slower — so not for
 * long-running servers. With tier-up, V8 also keeps optimising big grammars (Swift) in the background, and the
 * process cannot exit until that finishes, tens of seconds after the answer. Takes effect only before the
 * runtime is initialised; returns whether it will.
 */
export function preferFastStartup(): boolean {
  if (started) return false;
  fastStartup = true;
  return true;
}

/**
 * For a process about to build an index on worker threads: keep the optimising tier after all. The flag is
 * process-wide, workers inherit it, and it cannot be taken back once set (V8 keeps compiling with the flags the
 * engine had first: measured, unsetting it before the workers start changed nothing) — and an index build's
 * thousands of parses run ~1.8× the CPU in baseline code (TypeScript sources, in one thread: 8.4 s against 4.6 s).
 * Too late when the runtime has started already (the workers then get the baseline compiler); returns whether the
 * optimising tier stays.
 */
export function preferTierUp(): boolean {
  if (started) return !fastStartup;
  fastStartup = false;
  return true;
}
