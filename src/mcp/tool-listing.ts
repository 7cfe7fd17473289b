/**
 * The answer to `tools/list`. The build writes it next to the bundle (`tools-list.json`, made by the same
 * `listTools()`), so listing the tools needs neither zod nor the tool modules: an agent connecting gets the list
 * without waiting for them (docs/performance.md, "Cold start"). Running from the sources, it is built here.
 */
import { readFileSync } from 'node:fs';

type Listing = { tools: Record<string, unknown>[] };

let listing: Listing | undefined;

/** The tool listing, read or built once. */
export async function toolListing(): Promise<Listing> {
  listing ??= builtListing() ?? (await import('./tools/index.js')).listTools();
  return listing;
}

function builtListing(): Listing | undefined {
  try {
    return JSON.parse(readFileSync(new URL('./tools-list.json', import.meta.url), 'utf8')) as Listing;
  } catch {
    return undefined;
  }
}
