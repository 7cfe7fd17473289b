/**
 * What the offline faces take from `locus.config.json`, which they otherwise never read: the input
 * limits (`limits`, docs/security.md), the file-language overrides (`fileLanguages`, docs/languages.md)
 * and the `index` section (docs/workspace.md), read in one pass.
 */
import type { Limits } from '../../core/limits.js';
import { declaredLanguages, loadLspConfig, type IndexConfig, type LspConfig } from '../../lsp/config.js';
import type { DeclaredExtensions, LanguageOverrides } from '../../workspace/file-language.js';

/** The offline settings of the root's config. */
export interface OfflineSettings {
  limits: Partial<Limits>;
  fileLanguages: LanguageOverrides;
  /** The languages the configuration declares by extension (no grammar: their outline comes from the server). */
  declaredLanguages: DeclaredExtensions;
  index: IndexConfig;
  /** Warnings of loading it (untrusted keys ignored), for the faces to print. */
  warnings: readonly string[];
  /** Why the config could not be loaded (the index reports it when first used; locating goes on). */
  error?: unknown;
}

/**
 * The offline settings from the root's config. An unreadable or invalid config gives none: the operations
 * that start servers or use the index report it (with its coded error), and offline locating goes on with the
 * defaults.
 */
export function offlineSettings(root: string, options: { trust?: boolean } = {}): OfflineSettings {
  try {
    const loaded = loadLspConfig(root, {}, options.trust === true ? { trust: true } : {});
    return offlineSettingsOf(loaded.config, loaded.warnings);
  } catch (error) {
    return { limits: {}, fileLanguages: {}, declaredLanguages: {}, index: {}, warnings: [], error };
  }
}

/** The offline part of an already loaded configuration (the ops context loads it once for everything). */
export function offlineSettingsOf(config: LspConfig, warnings: readonly string[] = []): OfflineSettings {
  return {
    limits: config.limits ?? {},
    fileLanguages: config.fileLanguages,
    declaredLanguages: Object.fromEntries(
      [...declaredLanguages(config.languages).byExtension].map(([extension, { key }]) => [extension, key]),
    ),
    index: config.index ?? {},
    warnings,
  };
}
