/** How a caller waits for the workspace index (workspace-index.ts): how long at most, and its cancel. */
import { cancelledError } from '../core/call.js';
import { waitFor } from '../core/wait-for.js';
import type { ProgressListener } from './types.js';

/** How a caller waits for the index: progress, how long at most, and its cancel. */
export interface FreshOptions {
  onProgress?: ProgressListener;
  /** Answer after this long even if the first build still runs (default: wait for it). */
  waitMs?: number;
  /** The caller's cancel: ends its wait with CANCELLED (the build goes on for the others). */
  signal?: AbortSignal | undefined;
}

/** Waits for a build at most `waitMs` (undefined: no limit); CANCELLED when `signal` fires first. */
export async function waitOrCancel(
  work: Promise<unknown>,
  waitMs: number | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  const outcome = await waitFor(work, waitMs ?? Infinity, { unref: true, signal });
  if (!outcome.done && outcome.reason === 'aborted') throw cancelledError();
}
