/** The built-in server adapters and which one serves each language by default. */
import type { LanguageKey } from '../types.js';
import type { ServerAdapter } from './adapter.js';
import { bashAdapter } from './bash.js';
import { clangdAdapter } from './clangd.js';
import { goplsAdapter } from './go.js';
import { pyrightAdapter } from './python.js';
import { typescriptClassicAdapter } from './typescript-classic.js';
import { typescriptAdapter } from './typescript.js';

export type { LaunchCommand, PrepareContext, ServerAdapter } from './adapter.js';

/** Every built-in adapter by id. */
export const BUILTIN_ADAPTERS: ReadonlyMap<string, ServerAdapter> = new Map(
  [typescriptAdapter, typescriptClassicAdapter, pyrightAdapter, bashAdapter, goplsAdapter, clangdAdapter].map(
    (a) => [a.id, a],
  ),
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
};
