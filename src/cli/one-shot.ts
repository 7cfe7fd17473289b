/** The offline commands' shared start: one locator for one answer, closed after it. */
import { createLocator, type Locator } from '../ops/locator.js';
import { preferFastStartup } from '../syntax/runtime.js';

/** Runs `use` with an offline locator over `root` and closes it, whatever `use` does. */
export async function withOneShotLocator<T>(root: string, use: (locator: Locator) => Promise<T>): Promise<T> {
  preferFastStartup(); // one-shot process: baseline WASM compiles faster than it would tier up
  const locator = createLocator({ root });
  try {
    return await use(locator);
  } finally {
    await locator.close();
  }
}
