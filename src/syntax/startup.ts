/**
 * How the tree-sitter runtime compiles WebAssembly, chosen before it starts — in a module of its own, so a
 * one-shot process can choose without loading the runtime (docs/performance.md, "Cold start").
 */
import { setFlagsFromString } from 'node:v8';

let started = false;

/** Called by the runtime when it initialises: from then on the choice is made. */
export function runtimeStarting(): void {
  started = true;
}

/**
 * For one-shot processes (a CLI `locate`): compile WebAssembly with the baseline compiler only, no
 * optimising tier-up. Measured on a 2-core machine under load, the first parse and query of a
 * 5,000-line file got 20–60 ms faster each (the first TypeScript parse 113 → 51 ms), and later
 * parses ~1.4× slower — so not for long-running servers. Takes effect only before the runtime is
 * initialised; returns whether it did.
 */
export function preferFastStartup(): boolean {
  if (started) return false;
  setFlagsFromString('--liftoff-only');
  return true;
}
