/**
 * What the offline faces take from `locus.config.json`, which they otherwise never read: the input
 * limits (`limits`, docs/security.md) and the file-language overrides (`fileLanguages`, docs/languages.md),
 * read in one pass.
 */
import type { Limits } from '../core/limits.js';
import { loadLspConfig } from '../lsp/config.js';
import type { LanguageOverrides } from '../workspace/file-language.js';

/** The offline settings of the root's config. */
export interface OfflineSettings {
  limits: Partial<Limits>;
  fileLanguages: LanguageOverrides;
}

/**
 * The offline settings from the root's config. An unreadable or invalid config gives none: the operations
 * that start servers report it (with its coded error), and offline locating goes on with the defaults.
 */
export function offlineSettings(root: string): OfflineSettings {
  try {
    const { config } = loadLspConfig(root);
    return { limits: config.limits ?? {}, fileLanguages: config.fileLanguages };
  } catch {
    return { limits: {}, fileLanguages: {} };
  }
}
