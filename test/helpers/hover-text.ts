/** The hover text at a locate string, or the failed answer thrown as its code and message. */
import type { Locus } from '../../src/ops/locus.js';

export async function hoverText(locus: Locus, locate: string): Promise<string> {
  const result = await locus.hover(locate);
  if (!result.ok) throw new Error(`${locate}: ${result.error.code}: ${result.error.message}`);
  return result.contents;
}
