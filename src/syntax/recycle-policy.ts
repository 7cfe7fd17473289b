/**
 * When the tree cache lets the runtime drop its copy of web-tree-sitter (docs/performance.md, "Memory"):
 * WebAssembly memory never shrinks and a loaded grammar stays compiled while its copy lives, so a
 * long-lived process gets both back only by starting a fresh copy. Each recycle costs the next operation
 * a WebAssembly start (~15 ms), its grammar and query compiles and a full parse of each edited file.
 */
import { runtimeHeapBytes, runtimeLanguages } from './runtime.js';

/** The thresholds; `setRecyclePolicy` changes them for the process (the bench, tests). */
export interface RecyclePolicy {
  /** Recycle after this long without an operation (the check runs every `idleMs`); 0 turns it off. */
  idleMs: number;
  /** Before loading one more grammar into a copy holding this many, start a fresh copy. */
  maxLanguages: number;
  /** Before an operation, start a fresh copy when the current one's memory grew past this (a big parse). */
  maxHeapBytes: number;
}

const policy: RecyclePolicy = {
  // Long enough that an agent's next call within a task finds everything warm.
  idleMs: 30_000,
  // A repository's handful of languages fits; a walk through all 31 grammars does not stay loaded.
  maxLanguages: 6,
  // The copy starts at 32 MiB, and the trees the cache keeps fit in that; beyond this a parse of a big text
  // (which the tree cache also recycles after) or a caller's own trees grew it.
  maxHeapBytes: 128 * 1024 * 1024,
};

/** The policy in force. */
export function recyclePolicy(): Readonly<RecyclePolicy> {
  return policy;
}

/** Changes thresholds for this process; returns the previous policy. */
export function setRecyclePolicy(changes: Partial<RecyclePolicy>): RecyclePolicy {
  const previous = { ...policy };
  Object.assign(policy, changes);
  return previous;
}

/**
 * Whether an operation on `languageId` should start on a fresh copy: the current one is full of other
 * grammars, or its memory kept the high-water mark of a big parse.
 */
export function wantsFreshRuntime(languageId: string): boolean {
  const { count, has } = runtimeLanguages(languageId);
  return (count >= policy.maxLanguages && !has) || runtimeHeapBytes() > policy.maxHeapBytes;
}
