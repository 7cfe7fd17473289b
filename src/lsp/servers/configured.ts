/**
 * A server given by configuration (`languages.<lang>.command`) that is not a built-in one (docs/configuration.md,
 * "languages"): launched as configured, rooted at the nearest `rootMarkers` file (else the recipe's markers, else
 * the workspace root). Its readiness, settings and quirks come from the recipe of its executable's name
 * (recipes.ts); a command no recipe names gets the generic readiness rule, and answers given before readiness
 * could be established say so.
 */
import { lspLanguageId } from '../languages.js';
import type { LanguageServerConfig } from '../config.js';
import { GENERIC_READINESS } from '../readiness.js';
import type { LanguageKey } from '../types.js';
import type { ServerAdapter } from './adapter.js';
import { recipeFor } from './recipes.js';
import { notInstalled } from './resolve.js';

/** The adapter of a configured server for `language`. */
export function configuredAdapter(language: LanguageKey, entry: LanguageServerConfig): ServerAdapter {
  const command = entry.command;
  const recipe = command === undefined ? undefined : recipeFor(command);
  const adapter: ServerAdapter = {
    id: `configured:${language}`,
    name: command === undefined ? `${language} language server` : `${language} server (${command})`,
    languages: [language],
    projectMarkers: entry.rootMarkers ?? recipe?.projectMarkers ?? [],
    installHint: `install it, or fix languages.${language}.command in locus.config.json`,
    readiness: recipe?.readiness ?? GENERIC_READINESS,
    args: [...(recipe?.args ?? [])],
    orphanBehaviour: 'unknown (a configured server); the process-group kill removes it',
    languageId: lspLanguageId,
    resolve() {
      // Only reached without a command: the manager launches configured commands itself.
      throw notInstalled(this.name, `a "command" for languages.${language}`, this.installHint);
    },
  };
  return { ...adapter, ...recipe?.quirks };
}
