/**
 * Finding, reading and validating configuration (docs/configuration.md): the user's own config
 * (`$XDG_CONFIG_HOME/locus/config.json`, default `~/.config/locus/config.json`) and the workspace's
 * `locus.config.json`, found by walking up from the workspace root. The walk stops at the first folder that is a
 * version-control root (has `.git`, `.hg`, `.svn` or `.jj`) after checking it, or at the filesystem root, so a
 * repository never picks up a config from the folders around it. The workspace config applies over the user config;
 * its trusted-only keys (trust.ts) are dropped with a warning unless the workspace is trusted. Any problem is
 * `CONFIG_INVALID` naming the file and the key.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { isLocusError, LocusError } from '../core/errors.js';
import { decodeText } from '../workspace/files.js';
import { readFileBytes } from '../workspace/read-file.js';
import { formatIssues } from './issues.js';
import { configSchemas, type LocusConfigFile } from './schema.js';
import { isTrustedRoot, realOrResolved, stripLoosenedLimits, stripUntrusted, TRUST_ENV } from './trust.js';

/** Name of the workspace configuration file. */
export const CONFIG_FILE_NAME = 'locus.config.json';

const VCS_MARKERS = ['.git', '.hg', '.svn', '.jj'];

/** How to load the configuration of a workspace. */
export interface LoadConfigOptions {
  /** Trust the workspace config (`--trust`); `LOCUS_TRUST_WORKSPACE=1` does the same. */
  trust?: boolean;
  /** The user config file (default: `$XDG_CONFIG_HOME/locus/config.json`). */
  userConfigPath?: string;
}

/** The merged configuration and where it came from. */
export interface LoadedConfig {
  /** User config, then the workspace config over it. */
  config: LocusConfigFile;
  /** The files read, user config first. */
  files: string[];
  /** Whether the workspace config was trusted. */
  trusted: boolean;
  /** Human-readable warnings (ignored untrusted keys), for the faces to print on stderr. */
  warnings: string[];
}

/** The user config file path. */
export function userConfigPath(): string {
  const base = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'locus', 'config.json');
}

/** The workspace config that applies to `root`: the nearest `locus.config.json` up to the VCS or filesystem root. */
export function findWorkspaceConfig(root: string): string | undefined {
  let dir = resolve(root);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return candidate;
    if (VCS_MARKERS.some((marker) => existsSync(join(dir, marker)))) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Loads, validates, trust-filters and merges the configuration of a workspace. */
export function loadConfig(root: string, options: LoadConfigOptions = {}): LoadedConfig {
  const files: string[] = [];
  const userPath = options.userConfigPath ?? userConfigPath();
  const user = readConfigFile(userPath, { unreadableIsAbsent: true });
  if (user !== undefined) files.push(userPath);
  if (user?.allowBroadRoots !== true) refuseBroadRoot(root, userPath);
  const workspacePath = findWorkspaceConfig(root);
  let workspace =
    workspacePath === undefined
      ? undefined
      : readConfigFile(workspacePath, { within: dirname(workspacePath) });
  const trusted =
    options.trust === true || process.env[TRUST_ENV] === '1' || isTrustedRoot(root, user?.trustedRoots ?? []);
  const warnings: string[] = [];
  if (workspace !== undefined && workspacePath !== undefined) {
    files.push(workspacePath);
    if (!trusted) {
      const { config, removed } = stripUntrusted(workspace);
      const tightened = stripLoosenedLimits(config, user?.limits);
      workspace = tightened.config;
      if (removed.length > 0) warnings.push(untrustedWarning(workspacePath, removed));
      if (tightened.removed.length > 0) warnings.push(loosenedWarning(workspacePath, tightened.removed));
    }
  }
  return { config: mergeConfigs(user ?? {}, workspace ?? {}), files, trusted, warnings };
}

/**
 * Refuses a workspace root that is the filesystem root or the home folder itself (docs/security.md, "Workspace
 * roots"): everything below it would be indexed, watched and readable by locate strings (`etc/hostname:1`, `.ssh/…`).
 * A client listing `file:///` as its root is the usual way to get here. The user config may allow it.
 */
export function refuseBroadRoot(root: string, userPath: string = userConfigPath()): void {
  const real = realOrResolved(root);
  const what =
    real === dirname(real)
      ? 'the filesystem root'
      : real === realOrResolved(homedir())
        ? 'your home folder'
        : undefined;
  if (what === undefined) return;
  throw new LocusError(
    'INVALID_ARGUMENT',
    `The workspace root ${real} is ${what}; Locus serves project folders.`,
    {
      hint: `Pass a project folder with --root (MCP: make the client list the project folder as its root), or set "allowBroadRoots": true in ${userPath} to serve it anyway.`,
      advice: [{ kind: 'check-root' }],
      details: { argument: '--root', root: real },
    },
  );
}

/** A config file bigger than this is CONFIG_INVALID (docs/security.md, "Reading files"). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * Reads and validates one config file; undefined when it does not exist. `within`: the folder the file must not
 * lead out of through a symlink (a workspace config: its own folder). Read the one safe way, so a FIFO, a device
 * or a huge file is CONFIG_INVALID at once.
 */
export function readConfigFile(
  path: string,
  options: { unreadableIsAbsent?: boolean; within?: string } = {},
): LocusConfigFile | undefined {
  let raw: string;
  try {
    const read = {
      maxBytes: MAX_CONFIG_BYTES,
      ...(options.within === undefined ? {} : { within: options.within }),
    };
    raw = decodeText(readFileBytes(path, read).bytes, path, MAX_CONFIG_BYTES).text;
  } catch (error) {
    const code = isLocusError(error) ? error.code : 'INTERNAL';
    if (code === 'FILE_NOT_FOUND') return undefined;
    // The user config under another account's home (a service user, `sudo -u`) is not this user's config.
    if (options.unreadableIsAbsent && code === 'NOT_READABLE') return undefined;
    throw invalidConfig(path, `cannot be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw invalidConfig(path, `is not valid JSON: ${(error as Error).message}`);
  }
  return validateConfig(parsed, path);
}

/** Validates a parsed config object; `source` names it in the error. */
export function validateConfig(value: unknown, source: string): LocusConfigFile {
  const schema = configSchemas().locusConfigSchema;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidConfig(source, `is invalid:\n${formatIssues(result.error.issues, schema)}`);
}

/** Later configs win; `languages` entries merge per language, key by key. */
export function mergeConfigs(...configs: LocusConfigFile[]): LocusConfigFile {
  const result: LocusConfigFile = {};
  for (const config of configs) {
    const languages = { ...result.languages };
    for (const [language, entry] of Object.entries(config.languages ?? {}))
      languages[language as keyof typeof languages] = {
        ...languages[language as keyof typeof languages],
        ...entry,
      };
    Object.assign(result, config);
    if (config.languages !== undefined || result.languages !== undefined) result.languages = languages;
  }
  return result;
}

/** `CONFIG_INVALID` for a config file or object. */
export function invalidConfig(source: string, problem: string): LocusError {
  return new LocusError('CONFIG_INVALID', `Invalid Locus configuration: ${source} ${problem}`, {
    hint: `Fix ${source} (format: docs/configuration.md, JSON Schema: schema/locus.config.schema.json in the package) or remove the offending key.`,
    details: { file: source },
  });
}

function untrustedWarning(path: string, removed: string[]): string {
  return (
    `locus: ignoring ${removed.join(', ')} in ${path}: the workspace is not trusted, and these settings start ` +
    `programs, change which ones run, or choose where Locus writes. Trust it with --trust, ${TRUST_ENV}=1, or "trustedRoots" in ` +
    `${userConfigPath()}; the rest of the file applies.`
  );
}

function loosenedWarning(path: string, removed: string[]): string {
  return (
    `locus: ignoring ${removed.join(', ')} in ${path}: the workspace is not trusted, and its config may only ` +
    `lower limits. Trust it with --trust, ${TRUST_ENV}=1, or "trustedRoots" in ${userConfigPath()}, or set the ` +
    `limit in ${userConfigPath()}.`
  );
}
