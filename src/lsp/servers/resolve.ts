/**
 * Finding server executables: npm servers from Locus's own node_modules (never from PATH, so the pinned versions
 * run), Debian servers from PATH. Failures are SERVER_NOT_INSTALLED with the install command. A rustup proxy on
 * PATH (`~/.cargo/bin/rust-analyzer`, a link to `rustup`) is never launched: it may lack the component, and it
 * would pick its toolchain from the workspace's `rust-toolchain.toml`; the binary of its default toolchain is used.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { LocusError } from '../../core/index.js';
import type { LaunchCommand } from './adapter.js';

const requireHere = createRequire(import.meta.url);

/** Directory of an npm package as resolved from Locus's own location (optionally from another package's). */
export function packageDir(name: string, fromPackage?: string): string | undefined {
  try {
    const from = fromPackage === undefined ? requireHere : createRequire(join(fromPackage, 'package.json'));
    return dirname(from.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

/** A JavaScript server script run with this Node binary; SERVER_NOT_INSTALLED when the package is missing. */
export function nodeScript(pkg: string, script: string, server: string, hint: string): LaunchCommand {
  const launch = installedNodeScript(pkg, script);
  if (launch === undefined) throw notInstalled(server, `the npm package ${pkg}`, hint);
  return launch;
}

/** A package's script in Locus's own node_modules run with this Node binary, or undefined when it is not there. */
export function installedNodeScript(pkg: string, script: string): LaunchCommand | undefined {
  const dir = packageDir(pkg);
  const path = dir === undefined ? undefined : join(dir, script);
  return path !== undefined && existsSync(path) ? { command: process.execPath, args: [path] } : undefined;
}

/** The first of `names` found as an executable on PATH, as an absolute path. */
export function findOnPath(names: readonly string[]): string | undefined {
  for (const name of names) {
    const [first] = everyOnPath(name);
    if (first !== undefined) return first;
  }
  return undefined;
}

/** Every executable called `name` on PATH, in PATH order. */
function everyOnPath(name: string): string[] {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((d) => d !== '');
  return dirs.map((dir) => join(dir, name)).filter(isExecutable);
}

/** True when `path` is a rustup proxy: a link to (or a copy of) the `rustup` binary under another name. */
export function isRustupProxy(path: string): boolean {
  try {
    return /^rustup(-init)?(\.exe)?$/.test(basename(realpathSync(path))) && basename(path) !== 'rustup';
  } catch {
    return false;
  }
}

/** What `realToolOnPath` found: the binary, and the proxies it skipped (for the error when there is none). */
export interface RealTool {
  path: string | undefined;
  skippedProxies: string[];
}

/**
 * The real binary behind `name` on PATH: the first that is not a rustup proxy, or the binary a proxy stands for in
 * its default toolchain (`rustup which`, run in `/` so no `rust-toolchain.toml` applies, never installing anything).
 * A proxy whose toolchain lacks the tool ("unknown binary") is skipped.
 */
export function realToolOnPath(name: string): RealTool {
  const skippedProxies: string[] = [];
  for (const candidate of everyOnPath(name)) {
    if (!isRustupProxy(candidate)) return { path: candidate, skippedProxies };
    const behind = rustupWhich(realpathSync(candidate), name);
    if (behind !== undefined) return { path: behind, skippedProxies };
    skippedProxies.push(candidate);
  }
  return { path: undefined, skippedProxies };
}

function rustupWhich(rustup: string, name: string): string | undefined {
  const result = spawnSync(rustup, ['which', name], {
    cwd: '/',
    encoding: 'utf8',
    timeout: 10_000,
    env: { ...process.env, RUSTUP_AUTO_INSTALL: '0' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const path = result.status === 0 ? result.stdout.trim() : '';
  return path !== '' && isExecutable(path) && !isRustupProxy(path) ? path : undefined;
}

/** The first of `names` on PATH; SERVER_NOT_INSTALLED naming them and the install command otherwise. */
export function pathCommand(names: readonly string[], server: string, hint: string): string {
  const found = findOnPath(names);
  if (found === undefined)
    throw notInstalled(server, names.map((n) => `\`${n}\``).join(' or ') + ' on PATH', hint);
  return found;
}

/**
 * A configured command: absolute, relative to the workspace root when it has a slash, else looked up on PATH
 * (skipping rustup proxies, see `realToolOnPath`).
 */
export function configuredCommand(command: string, workspaceRoot: string, server: string): string {
  const path =
    isAbsolute(command) || command.includes('/')
      ? resolve(workspaceRoot, command)
      : realToolOnPath(command).path;
  if (path === undefined || !isExecutable(path)) {
    throw notInstalled(
      server,
      `the configured command \`${command}\``,
      `install it, or fix "command" in locus.config.json`,
    );
  }
  return path;
}

/** SERVER_NOT_INSTALLED for a server whose executable is missing. */
export function notInstalled(server: string, what: string, hint: string): LocusError {
  return new LocusError('SERVER_NOT_INSTALLED', `${server} is not installed: ${what} was not found.`, {
    hint: `Install it with: ${hint}`,
    details: { server, install: hint },
  });
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
