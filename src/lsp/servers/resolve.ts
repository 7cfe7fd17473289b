/**
 * Finding server executables: npm servers from Locus's own node_modules (never from PATH, so the pinned versions
 * run), Debian servers from PATH. Failures are SERVER_NOT_INSTALLED with the install command.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { LocusError } from '../../core/index.js';
import { BUNDLED_SERVERS_DIR } from '../bundled-servers.js';
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
  const dir = packageDir(pkg);
  const path = dir === undefined ? undefined : join(dir, script);
  if (path === undefined || !existsSync(path)) throw notInstalled(server, `the npm package ${pkg}`, hint);
  return { command: process.execPath, args: [path] };
}

/**
 * A server Locus bundles at build time (`dist/servers/<name>.cjs`, scripts/bundle-servers.js) run with this Node
 * binary; SERVER_NOT_INSTALLED when the build did not make it (a checkout without `npm run build`).
 */
export function bundledServer(name: string, server: string, hint: string): LaunchCommand {
  const path = join(BUNDLED_SERVERS_DIR, `${name}.cjs`);
  if (!existsSync(path)) throw notInstalled(server, `Locus's bundled ${path}`, hint);
  return { command: process.execPath, args: [path] };
}

/** The first of `names` found as an executable on PATH, as an absolute path. */
export function findOnPath(names: readonly string[]): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter((d) => d !== '');
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The first of `names` on PATH; SERVER_NOT_INSTALLED naming them and the install command otherwise. */
export function pathCommand(names: readonly string[], server: string, hint: string): string {
  const found = findOnPath(names);
  if (found === undefined)
    throw notInstalled(server, names.map((n) => `\`${n}\``).join(' or ') + ' on PATH', hint);
  return found;
}

/** A configured command: absolute, relative to the workspace root when it has a slash, else looked up on PATH. */
export function configuredCommand(command: string, workspaceRoot: string, server: string): string {
  const path =
    isAbsolute(command) || command.includes('/') ? resolve(workspaceRoot, command) : findOnPath([command]);
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
