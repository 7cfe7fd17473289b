/**
 * The language-server part of the configuration (docs/configuration.md): timeouts, restarts, network, and the
 * `languages` section. The file format, discovery and workspace trust live in `src/config/`; this module fills in
 * the defaults and applies programmatic overrides (trusted: they come from the caller, not from the workspace).
 */
import { isRecord as isPlainObject } from '../core/records.js';
import {
  loadConfig,
  validateConfig,
  type LanguageServerEntry,
  type LoadConfigOptions,
} from '../config/index.js';
import type { Limits } from '../core/limits.js';
import { extensionLanguage } from '../core/languages.js';
import type { DeclaredExtensions } from '../workspace/file-language.js';
import type { LanguageKey } from './types.js';

export { CONFIG_FILE_NAME } from '../config/index.js';

/** Per-language overrides of the server launch (one `languages` entry). */
export type LanguageServerConfig = LanguageServerEntry;

/** The effective LSP configuration, defaults filled in. */
export interface LspConfig {
  idleTimeoutMinutes: number;
  requestTimeoutMs: number;
  /** Bounds the initialize request; unset, `requestTimeoutMs` does. */
  initializeTimeoutMs?: number;
  readyTimeoutMs: number;
  maxRestarts: number;
  restartWindowMinutes: number;
  /** Let servers download (TypeScript type acquisition, npm, Go modules); off by default. */
  allowNetwork: boolean;
  /**
   * The workspace is trusted (docs/configuration.md, "Workspace trust"): servers may run its code (rust-analyzer's
   * build scripts and proc macros). Not a key of the file: it comes from `--trust` and its equivalents.
   */
  trusted?: boolean;
  /** Characters of markdown per answer before it is paged or summarised (docs/mcp.md, "Budgets"). */
  answerBudgetChars: number;
  languages: Partial<Record<LanguageKey, LanguageServerConfig>>;
  /** Glob (relative to the workspace root) → registry language id, overriding detection (`.h` → cpp). */
  fileLanguages: Record<string, string>;
  /** The workspace symbol index (docs/workspace.md); not about servers, but read from the same file. */
  index?: IndexConfig;
  /** Input limits over the defaults (docs/security.md). */
  limits?: Partial<Limits>;
  /** Render the lines of locations outside the root (off: path and position only). */
  showOutsideContent?: boolean;
}

/** The `index` section: what the workspace symbol index covers and where its cache lives. */
export interface IndexConfig {
  include?: string[];
  exclude?: string[];
  cacheDir?: string;
}

/** Defaults used when neither a config file nor the caller sets a value. */
export const DEFAULT_LSP_CONFIG: LspConfig = {
  idleTimeoutMinutes: 10,
  requestTimeoutMs: 30_000,
  readyTimeoutMs: 15_000,
  maxRestarts: 3,
  restartWindowMinutes: 5,
  allowNetwork: false,
  trusted: false,
  answerBudgetChars: 20_000,
  languages: {},
  fileLanguages: {},
};

/** The effective configuration and the warnings of loading it (ignored untrusted keys). */
export interface LoadedLspConfig {
  config: LspConfig;
  warnings: string[];
}

/**
 * Reads the user and workspace configs (absent files → defaults; invalid → `CONFIG_INVALID`) and applies
 * programmatic overrides on top.
 */
export function loadLspConfig(
  workspaceRoot: string,
  overrides: Partial<LspConfig> = {},
  options: LoadConfigOptions = {},
): LoadedLspConfig {
  const loaded = loadConfig(workspaceRoot, options);
  const fromFiles = pick(loaded.config);
  // No overrides, nothing to check: zod is then not loaded at all (docs/performance.md, "Cold start").
  const valid =
    Object.keys(overrides).length === 0 ? {} : validateLspConfig(overrides, 'the LspManager options');
  const languages = { ...fromFiles.languages };
  for (const [key, entry] of Object.entries(valid.languages ?? {}))
    languages[key as LanguageKey] = { ...languages[key as LanguageKey], ...entry };
  return {
    config: {
      ...DEFAULT_LSP_CONFIG,
      ...fromFiles,
      ...valid,
      trusted: loaded.trusted,
      languages,
      fileLanguages: { ...fromFiles.fileLanguages, ...valid.fileLanguages },
    },
    warnings: loaded.warnings,
  };
}

/** Checks the shape of a (partial) LSP configuration object; `source` names it in error messages. */
export function validateLspConfig(value: unknown, source: string): Partial<LspConfig> {
  return pick(validateConfig(value, source));
}

function pick(config: ReturnType<typeof validateConfig>): Partial<LspConfig> {
  const result: Partial<LspConfig> = {};
  if (config.idleTimeoutMinutes !== undefined) result.idleTimeoutMinutes = config.idleTimeoutMinutes;
  if (config.requestTimeoutMs !== undefined) result.requestTimeoutMs = config.requestTimeoutMs;
  if (config.initializeTimeoutMs !== undefined) result.initializeTimeoutMs = config.initializeTimeoutMs;
  if (config.readyTimeoutMs !== undefined) result.readyTimeoutMs = config.readyTimeoutMs;
  if (config.maxRestarts !== undefined) result.maxRestarts = config.maxRestarts;
  if (config.restartWindowMinutes !== undefined) result.restartWindowMinutes = config.restartWindowMinutes;
  if (config.allowNetwork !== undefined) result.allowNetwork = config.allowNetwork;
  if (config.answerBudgetChars !== undefined) result.answerBudgetChars = config.answerBudgetChars;
  if (config.languages !== undefined) result.languages = config.languages;
  if (config.fileLanguages !== undefined) result.fileLanguages = config.fileLanguages;
  if (config.index !== undefined) result.index = config.index;
  if (config.limits !== undefined) result.limits = config.limits;
  if (config.showOutsideContent !== undefined) result.showOutsideContent = config.showOutsideContent;
  return result;
}

/** A language the configuration declares by its extensions (a language Locus has no grammar for). */
export interface DeclaredLanguage {
  /** Its key in `languages` (`haskell`). */
  key: LanguageKey;
  /** The LSP languageId of its files (`languageId`, default the key). */
  languageId: string;
}

/** The declared languages by extension (lower-case, with the dot), and what is wrong with the declarations. */
export interface DeclaredLanguages {
  byExtension: ReadonlyMap<string, DeclaredLanguage>;
  problems: string[];
}

/**
 * The languages declared in `languages` (entries with `extensions`; docs/configuration.md, "A language without a
 * grammar"). An extension Locus already knows, or one two declarations claim, is a problem: the first claim stands.
 */
export function declaredLanguages(
  languages: Partial<Record<LanguageKey, LanguageServerConfig>>,
): DeclaredLanguages {
  const byExtension = new Map<string, DeclaredLanguage>();
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(languages)) {
    for (const raw of entry?.extensions ?? []) {
      const extension = raw.toLowerCase();
      const known = extensionLanguage(extension);
      const other = byExtension.get(extension);
      if (known !== undefined) {
        problems.push(
          `languages.${key}.extensions: ${extension} is already ${known} (map files to a known language with fileLanguages)`,
        );
      } else if (other !== undefined) {
        problems.push(`languages.${key}.extensions: ${extension} is already declared for ${other.key}`);
      } else {
        byExtension.set(extension, { key, languageId: entry?.languageId ?? key });
      }
    }
  }
  return { byExtension, problems };
}

/** The declared languages as the one file-language decision takes them (extension → language and languageId). */
export function declaredExtensions(byExtension: DeclaredLanguages['byExtension']): DeclaredExtensions {
  return Object.fromEntries(
    [...byExtension].map(([extension, { key, languageId }]) => [extension, { language: key, languageId }]),
  );
}

/** Deep merge for settings and initialization options: objects merge recursively, anything else replaces. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) result[key] = deepMerge(base[key], value);
  return result;
}

/** True for `{…}` objects (not arrays, not null). */
export { isPlainObject };
