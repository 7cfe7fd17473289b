/**
 * Workspace trust (docs/configuration.md, "Workspace trust"). A repository is untrusted input: its
 * `locus.config.json` must not be able to run a program on the user's machine or make Locus write outside it.
 * Keys that start processes, change where they come from, or choose where Locus writes its caches are honoured
 * only from the user's own config or when the workspace is trusted explicitly;
 * everything else in a workspace config applies as usual.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { DEFAULT_LIMITS, LIMIT_KEYS, type Limits } from '../core/limits.js';

/**
 * Keys honoured only from trusted configs, as paths (`*` = any key at that level). `settings` and
 * `initializationOptions` are included because servers read programs from them (typescript-language-server's
 * `tsserver.path` and plugins, pyright's `python.pythonPath`, gopls's `buildFlags` with `-toolexec`).
 */
export const TRUSTED_ONLY: readonly (readonly string[])[] = [
  ['allowNetwork'],
  ['trustedRoots'],
  // Only the user may let Locus serve `/` or their home folder (docs/security.md, "Workspace roots").
  ['allowBroadRoots'],
  // Showing the lines of files outside the root loosens a safety rule: a repository cannot turn it on for itself.
  ['showOutsideContent'],
  ['languages', '*', 'command'],
  ['languages', '*', 'args'],
  ['languages', '*', 'env'],
  ['languages', '*', 'settings'],
  ['languages', '*', 'initializationOptions'],
  // Where the index and outline caches are written: a repository must not choose a folder outside itself.
  ['index', 'cacheDir'],
];

/** Environment variable that trusts the workspace when set to `1`. */
export const TRUST_ENV = 'LOCUS_TRUST_WORKSPACE';

/**
 * Removes the trusted-only keys from a workspace config (a fresh copy; the input is not changed) and returns the
 * dotted paths it removed.
 */
export function stripUntrusted<T extends Record<string, unknown>>(
  config: T,
): { config: T; removed: string[] } {
  const copy = structuredClone(config);
  const removed: string[] = [];
  for (const pattern of TRUSTED_ONLY) strip(copy, pattern, [], removed);
  return { config: copy, removed };
}

function strip(node: unknown, pattern: readonly string[], at: string[], removed: string[]): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const [head, ...rest] = pattern;
  if (head === undefined) return;
  const record = node as Record<string, unknown>;
  const keys = head === '*' ? Object.keys(record) : [head];
  for (const key of keys) {
    if (!(key in record)) continue;
    if (rest.length === 0) {
      delete record[key];
      removed.push([...at, key].join('.'));
    } else {
      strip(record[key], rest, [...at, key], removed);
    }
  }
}

/**
 * Drops every limit an untrusted workspace config would raise above the one that applies without it (`base`: the
 * user config's, else the default): such a config may only tighten limits (docs/security.md, "Limits"). Returns a
 * fresh copy and the dotted keys dropped, each with the refused and the kept value.
 */
export function stripLoosenedLimits<T extends { limits?: Partial<Limits> | undefined }>(
  config: T,
  base: Partial<Limits> = {},
): { config: T; removed: string[] } {
  if (config.limits === undefined) return { config, removed: [] };
  const limits: Partial<Limits> = { ...config.limits };
  const removed: string[] = [];
  for (const key of LIMIT_KEYS) {
    const value = limits[key];
    const kept = base[key] ?? DEFAULT_LIMITS[key];
    if (value === undefined || value <= kept) continue;
    delete limits[key];
    removed.push(`limits.${key} (${value} > ${kept})`);
  }
  return { config: { ...config, limits }, removed };
}

/** Whether `root` is one of `trustedRoots` or inside one (both compared after resolving symlinks). */
export function isTrustedRoot(root: string, trustedRoots: readonly string[]): boolean {
  const real = realOrResolved(root);
  return trustedRoots.some((trusted) => {
    if (!isAbsolute(trusted)) return false;
    const rel = relative(realOrResolved(trusted), real);
    return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
  });
}

/** The real path (symlinks resolved), or the resolved path when it does not exist. */
export function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
