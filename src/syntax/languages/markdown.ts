/**
 * Markdown hooks: a heading is named by its text as written, whitespace collapsed and a closing `##` sequence
 * dropped (`## Install ##` → `Install`); names with spaces or dots are quoted in locate strings
 * (`README.md:"Getting started"`).
 */
import type { LanguageHooks } from '../hooks.js';

/** Hooks for the Markdown grammar. */
export const hooks: LanguageHooks = {
  refine(_match, defaults) {
    if (!defaults) return null;
    const name = defaults.name
      .replace(/\s+#+\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim();
    return name.length > 0 ? { ...defaults, name } : null;
  },
};
