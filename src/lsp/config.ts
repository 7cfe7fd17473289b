/**
 * `locus.config.json`: optional configuration of the language servers, read from the workspace root.
 *
 * ```jsonc
 * {
 *   "idleTimeoutMinutes": 10,      // shut a server down after this long without requests (0 = never)
 *   "requestTimeoutMs": 30000,     // per request, also bounds `initialize`; then $/cancelRequest + TIMEOUT
 *   "readyTimeoutMs": 15000,       // how long a cross-file request waits for the server's ready signal
 *   "maxRestarts": 3,              // crash restarts allowed per window …
 *   "restartWindowMinutes": 5,     // … after which calls fail with SERVER_FAILED until the window passes
 *   "answerBudgetChars": 20000,    // markdown per answer before it is paged or summarised (docs/mcp.md, Budgets)
 *   "languages": {                 // keys: typescript, javascript, python, go, c, cpp, bash
 *     "typescript": { "server": "typescript-classic" },         // pick another built-in adapter
 *     "python": {
 *       "command": "basedpyright-langserver",                   // PATH name, absolute, or relative to the root
 *       "args": ["--stdio"],                                    // replaces the adapter's arguments
 *       "settings": { "python": { "analysis": { "typeCheckingMode": "off" } } },
 *       "initializationOptions": {},
 *       "env": { "PYTHONPATH": "src" }
 *     },
 *     "c": { "positionEncodings": ["utf-8", "utf-16"] },       // offered encodings, most preferred first
 *     "bash": { "enabled": false }                             // no server for this language
 *   }
 * }
 * ```
 * `settings` answers `workspace/configuration` (looked up by dotted section) and is sent once with
 * `workspace/didChangeConfiguration`. `settings` and `initializationOptions` are deep-merged over the adapter's
 * defaults (objects merge, everything else replaces). Unknown keys and wrong types are a `SERVER_FAILED` LocusError
 * naming the file and the key, so a typo never silently falls back to defaults.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocusError, type PositionEncoding } from '../core/index.js';
import { LANGUAGE_KEYS, type LanguageKey } from './types.js';

/** Name of the configuration file at the workspace root. */
export const CONFIG_FILE_NAME = 'locus.config.json';

/** Per-language overrides of the server launch. */
export interface LanguageServerConfig {
  /** Adapter id to use instead of the default (`typescript`, `typescript-classic`, `pyright`, …). */
  server?: string;
  /** Executable to run instead of the adapter's. */
  command?: string;
  /** Arguments, replacing the adapter's. */
  args?: string[];
  /** Deep-merged over the adapter's `initializationOptions`. */
  initializationOptions?: Record<string, unknown>;
  /** Deep-merged over the adapter's settings (answers to `workspace/configuration`). */
  settings?: Record<string, unknown>;
  /** Extra environment variables for the server process. */
  env?: Record<string, string>;
  /** Position encodings offered in `initialize`, most preferred first. */
  positionEncodings?: PositionEncoding[];
  /** `false` disables the server for this language. */
  enabled?: boolean;
}

/** The effective LSP configuration, defaults filled in. */
export interface LspConfig {
  idleTimeoutMinutes: number;
  requestTimeoutMs: number;
  readyTimeoutMs: number;
  maxRestarts: number;
  restartWindowMinutes: number;
  /** Characters of markdown per answer before it is paged or summarised (docs/mcp.md, "Budgets"). */
  answerBudgetChars: number;
  languages: Partial<Record<LanguageKey, LanguageServerConfig>>;
}

/** Defaults used when neither the file nor the caller sets a value. */
export const DEFAULT_LSP_CONFIG: LspConfig = {
  idleTimeoutMinutes: 10,
  requestTimeoutMs: 30_000,
  readyTimeoutMs: 15_000,
  maxRestarts: 3,
  restartWindowMinutes: 5,
  answerBudgetChars: 20_000,
  languages: {},
};

const NUMBER_KEYS = [
  'idleTimeoutMinutes',
  'requestTimeoutMs',
  'readyTimeoutMs',
  'maxRestarts',
  'restartWindowMinutes',
  'answerBudgetChars',
] as const;
const LANGUAGE_ENTRY_KEYS = new Set([
  'server',
  'command',
  'args',
  'initializationOptions',
  'settings',
  'env',
  'positionEncodings',
  'enabled',
]);
const ENCODINGS = new Set(['utf-8', 'utf-16', 'utf-32']);

/** Reads `locus.config.json` from the root (absent file → defaults) and applies programmatic overrides on top. */
export function loadLspConfig(workspaceRoot: string, overrides: Partial<LspConfig> = {}): LspConfig {
  const path = join(workspaceRoot, CONFIG_FILE_NAME);
  let raw: string | undefined;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw invalid(path, `cannot be read: ${String(error)}`);
  }
  let fromFile: Partial<LspConfig> = {};
  if (raw !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw invalid(path, `is not valid JSON: ${(error as Error).message}`);
    }
    fromFile = validateLspConfig(parsed, path);
  }
  const validOverrides = validateLspConfig(overrides, 'the LspManager options');
  return {
    ...DEFAULT_LSP_CONFIG,
    ...fromFile,
    ...validOverrides,
    languages: mergeLanguages(fromFile.languages ?? {}, validOverrides.languages ?? {}),
  };
}

/** Checks the shape of a (partial) configuration object; `source` names it in error messages. */
export function validateLspConfig(value: unknown, source: string): Partial<LspConfig> {
  if (!isPlainObject(value)) throw invalid(source, 'must be a JSON object');
  const result: Partial<LspConfig> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined) continue;
    if ((NUMBER_KEYS as readonly string[]).includes(key)) {
      if (typeof entry !== 'number' || !Number.isFinite(entry) || entry < 0) {
        throw invalid(source, `"${key}" must be a non-negative number, got ${JSON.stringify(entry)}`);
      }
      result[key as (typeof NUMBER_KEYS)[number]] = entry;
    } else if (key === 'languages') {
      result.languages = validateLanguages(entry, source);
    } else {
      throw invalid(
        source,
        `has an unknown key "${key}" (known: ${[...NUMBER_KEYS, 'languages'].join(', ')})`,
      );
    }
  }
  return result;
}

function validateLanguages(
  value: unknown,
  source: string,
): Partial<Record<LanguageKey, LanguageServerConfig>> {
  if (!isPlainObject(value)) throw invalid(source, '"languages" must be an object keyed by language');
  const result: Partial<Record<LanguageKey, LanguageServerConfig>> = {};
  for (const [language, entry] of Object.entries(value)) {
    if (!(LANGUAGE_KEYS as readonly string[]).includes(language)) {
      throw invalid(
        source,
        `"languages" has an unknown language "${language}" (known: ${LANGUAGE_KEYS.join(', ')})`,
      );
    }
    result[language as LanguageKey] = validateLanguageEntry(entry, `${source} → languages.${language}`);
  }
  return result;
}

function validateLanguageEntry(value: unknown, where: string): LanguageServerConfig {
  if (!isPlainObject(value)) throw invalid(where, 'must be an object');
  for (const key of Object.keys(value)) {
    if (!LANGUAGE_ENTRY_KEYS.has(key)) {
      throw invalid(where, `has an unknown key "${key}" (known: ${[...LANGUAGE_ENTRY_KEYS].join(', ')})`);
    }
  }
  const check = (ok: boolean, key: string, expected: string): void => {
    if (!ok && value[key] !== undefined) throw invalid(where, `"${key}" must be ${expected}`);
  };
  check(typeof value.server === 'string' && value.server !== '', 'server', 'a non-empty adapter id');
  check(typeof value.command === 'string' && value.command !== '', 'command', 'a non-empty string');
  check(isStringArray(value.args), 'args', 'an array of strings');
  check(isPlainObject(value.initializationOptions), 'initializationOptions', 'an object');
  check(isPlainObject(value.settings), 'settings', 'an object');
  check(isStringRecord(value.env), 'env', 'an object of strings');
  check(typeof value.enabled === 'boolean', 'enabled', 'true or false');
  const encodings = value.positionEncodings;
  const encodingsOk =
    isStringArray(encodings) && encodings.length > 0 && encodings.every((e) => ENCODINGS.has(e));
  check(encodingsOk, 'positionEncodings', 'a non-empty array of "utf-8", "utf-16", "utf-32"');
  return value as LanguageServerConfig;
}

function mergeLanguages(
  base: Partial<Record<LanguageKey, LanguageServerConfig>>,
  over: Partial<Record<LanguageKey, LanguageServerConfig>>,
): Partial<Record<LanguageKey, LanguageServerConfig>> {
  const result = { ...base };
  for (const key of Object.keys(over) as LanguageKey[]) result[key] = { ...base[key], ...over[key] };
  return result;
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
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

function invalid(where: string, problem: string): LocusError {
  return new LocusError('SERVER_FAILED', `Invalid Locus configuration: ${where} ${problem}.`, {
    hint: `Fix ${CONFIG_FILE_NAME} (format: see the module doc of src/lsp/config.ts) or remove the offending key.`,
    details: { kind: 'invalid-config' },
  });
}
