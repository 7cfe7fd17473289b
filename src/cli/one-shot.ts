/**
 * The commands' shared start: one locator (offline commands) or one Locus (server commands) for one answer, closed
 * after it. Both read the root's config the same way (docs/configuration.md): `--trust` honoured, an invalid
 * config CONFIG_INVALID (exit 2) before any work, its warnings on stderr first.
 */
import { createLocator, type Locator } from '../ops/locating/locator.js';
import type { Locus } from '../ops/locus.js';
import type { OpsOptions } from '../ops/context/context.js';
import type { ProgressListener } from '../core/call.js';
import { err } from './io.js';
import { indexProgress } from './status-line.js';

/**
 * Runs `use` with an offline locator over `root` and closes it, whatever `use` does. The config's warnings
 * (untrusted keys ignored; `trust` is `--trust`) go to stderr first.
 */
export async function withOneShotLocator<T>(
  root: string,
  use: (locator: Locator) => Promise<T>,
  onProgress?: ProgressListener,
  trust = false,
): Promise<T> {
  // A workspace-wide locate string may build the index first: its progress goes to the status line.
  const onIndex = indexProgress(onProgress);
  const locator = createLocator({
    root,
    outlineCache: true,
    ...(trust ? { trust } : {}),
    ...(onIndex ? { index: { onProgress: onIndex } } : {}),
  });
  for (const warning of locator.configWarnings) err(warning);
  try {
    return await use(locator);
  } finally {
    await locator.close();
  }
}

/** Runs `use` with a Locus over `root` (`--trust` as given; `index`: how the index reports progress) and closes it. */
export async function withOneShotLocus<T>(
  options: Pick<OpsOptions, 'root' | 'trust' | 'index'>,
  use: (locus: Locus) => Promise<T>,
): Promise<T> {
  // Loaded lazily: the LSP stack costs ~100 ms of imports that offline commands must not pay.
  const { createLocus } = await import('../ops/locus.js');
  const locus = createLocus(options);
  for (const warning of locus.context.lsp.configWarnings) err(warning);
  try {
    return await use(locus);
  } finally {
    await locus.close();
  }
}
