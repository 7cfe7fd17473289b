/**
 * The static hook registry (src/syntax/runtime.ts, HOOK_MODULES) lists every hook module, so a new language's
 * hooks cannot be silently ignored, and every language of the manifest loads with its hooks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { grammarEntry, languageIds } from '../../src/syntax/registry.js';
import { loadLanguage } from '../../src/syntax/runtime.js';

const LANGUAGES_DIR = path.resolve(import.meta.dirname, '../../src/syntax/languages');
const runtime = readFileSync(path.resolve(LANGUAGES_DIR, '../runtime.ts'), 'utf8');

describe('hook registry', () => {
  const modules = readdirSync(LANGUAGES_DIR)
    .filter(
      (f) =>
        f.endsWith('.ts') && /^export const hooks\b/m.test(readFileSync(path.join(LANGUAGES_DIR, f), 'utf8')),
    )
    .map((f) => f.replace(/\.ts$/, ''));

  it('lists every module that exports hooks', () => {
    expect(modules.length).toBeGreaterThan(10);
    const missing = modules.filter((m) => !runtime.includes(`${m}: () => import('./languages/${m}.js')`));
    expect(missing).toEqual([]);
  });

  it('gives each language the hooks of its manifest entry', async () => {
    for (const id of languageIds()) {
      const loaded = await loadLanguage(id);
      const named = grammarEntry(id).hooks;
      expect(Object.keys(loaded.hooks).length > 0, `${id} → hooks "${named}"`).toBe(modules.includes(named));
    }
  });
});
