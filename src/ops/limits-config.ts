/**
 * The input limits configured in `locus.config.json` (`limits`, docs/security.md) for the offline
 * faces, which otherwise never read the server configuration.
 */
import type { Limits } from '../core/limits.js';
import { loadLspConfig } from '../lsp/config.js';

/** `limits` from the root's config; an unreadable or invalid config gives none (the server path reports it). */
export function configuredLimits(root: string): Partial<Limits> {
  try {
    return loadLspConfig(root).config.limits ?? {};
  } catch {
    return {};
  }
}
