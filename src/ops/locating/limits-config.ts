/**
 * What the offline faces take from `locus.config.json`, which they otherwise never read: the input
 * limits (`limits`, docs/security.md), the file-language overrides (`fileLanguages`, docs/languages.md)
 * and the `index` section (docs/workspace.md), read in one pass.
 */
import type { Limits } from '../../core/limits.js';
import {
  declaredExtensions,
  declaredLanguages,
  loadLspConfig,
  type IndexConfig,
  type LspConfig,
} from '../../lsp/config.js';
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
}

/**
 * The offline settings from the root's config. The config is read the same way for every command (docs/
 * configuration.md): an unreadable or invalid one throws its CONFIG_INVALID here, for `locate`, `outline` and
 * `check` as for the commands that start servers, never a silent fallback to the defaults.
 */
export function offlineSettings(root: string, options: { trust?: boolean } = {}): OfflineSettings {
  const loaded = loadLspConfig(root, {}, options.trust === true ? { trust: true } : {});
  return offlineSettingsOf(loaded.config, loaded.warnings);
}

/** The offline part of an already loaded configuration (the ops context loads it once for everything). */
export function offlineSettingsOf(config: LspConfig, warnings: readonly string[] = []): OfflineSettings {
  return {
    limits: config.limits ?? {},
    fileLanguages: config.fileLanguages,
    declaredLanguages: declaredExtensions(declaredLanguages(config.languages).byExtension),
    index: config.index ?? {},
    warnings,
  };
}
