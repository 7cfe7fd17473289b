/** The built-in server adapters and which one serves each language by default. */
import type { LanguageKey } from '../types.js';
import type { ServerAdapter } from './adapter.js';
import { bashAdapter } from './bash.js';
import { clangdAdapter } from './clangd.js';
import { goplsAdapter } from './go.js';
import { pyrightAdapter } from './python.js';
import { rustAnalyzerAdapter } from './rust.js';
import { typescriptClassicAdapter } from './typescript-classic.js';
import { typescriptAdapter } from './typescript.js';
import { WHEN_INSTALLED_ADAPTERS } from './when-installed.js';

export type { LaunchCommand, PrepareContext, ServerAdapter } from './adapter.js';

/** Every built-in adapter by id. */
export const BUILTIN_ADAPTERS: ReadonlyMap<string, ServerAdapter> = new Map(
  [
    typescriptAdapter,
    typescriptClassicAdapter,
    pyrightAdapter,
    bashAdapter,
    goplsAdapter,
    clangdAdapter,
    rustAnalyzerAdapter,
    ...WHEN_INSTALLED_ADAPTERS,
  ].map((a) => [a.id, a]),
);

/** Default adapter id per language. */
export const DEFAULT_ADAPTER: Readonly<Partial<Record<LanguageKey, string>>> = {
  typescript: 'typescript',
  javascript: 'typescript',
  python: 'pyright',
  go: 'gopls',
  c: 'clangd',
  cpp: 'clangd',
  bash: 'bash',
  rust: 'rust-analyzer',
  // Started when installed (when-installed.ts): not dependencies of Locus.
  yaml: 'yaml',
  json: 'json',
  css: 'css',
  html: 'html',
  php: 'intelephense',
};

/**
 * The built-in adapter of `language` that owns an executable name (`/opt/ra/rust-analyzer`, `clangd-19`: a trailing
 * `-<version>` is ignored), so a `command` alone keeps that server's readiness and settings.
 */
export function builtinForCommand(language: LanguageKey, command: string): ServerAdapter | undefined {
  const name = (command.split(/[\\/]/).pop() ?? command).replace(/\.exe$/i, '');
  const bare = name.replace(/-\d+(\.\d+)*$/, '');
  return [...BUILTIN_ADAPTERS.values()].find(
    (a) => a.languages.includes(language) && (a.commands ?? []).some((c) => c === name || c === bare),
  );
}
