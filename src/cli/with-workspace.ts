/** How commands get their workspace for one call (cli/sessions.ts) and print the config's warnings first. */
import type { Locator } from '../ops/locating/locator.js';
import type { Locus } from '../ops/locus.js';
import type { CommandContext } from './command.js';
import { err } from './io.js';
import { withLease } from './sessions.js';
import { indexProgress } from './status-line.js';

/** What a command takes from its context besides the root. */
export interface WorkspaceUse {
  /** Honour `--trust` (default: yes; every command reads the root's config the same way, docs/configuration.md). */
  trust?: boolean;
  /** Show an index build on the status line (the commands that may build it). */
  progress?: boolean;
  /** Print the config's warnings (untrusted keys ignored) on stderr first (default: yes). */
  warnings?: boolean;
}

/** Runs `use` with the offline locator of the call's root (outlines kept on disk between one-shot runs). */
export async function withLocator<T>(
  context: CommandContext,
  use: (locator: Locator) => Promise<T>,
  how: WorkspaceUse & { outlineCache?: boolean } = {},
): Promise<T> {
  const onIndexProgress = how.progress ? indexProgress(context.onProgress) : undefined;
  const lease = await context.io.sessions.locator({
    root: context.root,
    trust: how.trust !== false && context.trust,
    outlineCache: how.outlineCache ?? true,
    onIndexProgress,
  });
  if (how.warnings !== false) for (const warning of lease.warnings) err(context.io, warning);
  return withLease(lease, use);
}

/** Runs `use` with Locus over the call's root (language servers start on first use). */
export async function withLocus<T>(
  context: CommandContext,
  use: (locus: Locus) => Promise<T>,
  how: WorkspaceUse = {},
): Promise<T> {
  const onIndexProgress = how.progress ? indexProgress(context.onProgress) : undefined;
  const lease = await context.io.sessions.locus({
    root: context.root,
    trust: how.trust !== false && context.trust,
    onIndexProgress,
  });
  if (how.warnings !== false) for (const warning of lease.warnings) err(context.io, warning);
  return withLease(lease, use);
}
