/** The offline commands' shared start: one locator for one answer, closed after it. */
import { createLocator, type Locator } from '../ops/locating/locator.js';
import { serverOutlinesFor } from '../ops/context/server-outlines.js';
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
  let stopServers: () => Promise<void> = async () => {};
  try {
    // A language declared without a grammar takes its outline from its server (docs/configuration.md).
    stopServers = serverOutlinesFor(locator.syntax, root, trust);
    return await use(locator);
  } finally {
    await stopServers();
    await locator.close();
  }
}
