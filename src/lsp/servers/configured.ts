/**
 * A server given only by configuration (`languages.<lang>.command`) for a language without a built-in adapter
 * (docs/configuration.md, "languages"): launched as configured, ready at once, rooted at the nearest
 * `rootMarkers` file (else the workspace root).
 */
import { lspLanguageId } from '../languages.js';
import type { LanguageServerConfig } from '../config.js';
import type { LanguageKey } from '../types.js';
import type { ServerAdapter } from './adapter.js';
import { notInstalled } from './resolve.js';

/** The adapter of a configured server for `language`. */
export function configuredAdapter(language: LanguageKey, entry: LanguageServerConfig): ServerAdapter {
  const command = entry.command;
  return {
    id: `configured:${language}`,
    name: command === undefined ? `${language} language server` : `${language} server (${command})`,
    languages: [language],
    projectMarkers: entry.rootMarkers ?? [],
    installHint: `install it, or fix languages.${language}.command in locus.config.json`,
    readiness: [{ kind: 'immediate' }],
    args: [],
    orphanBehaviour: 'unknown (a configured server); the process-group kill removes it',
    languageId: lspLanguageId,
    resolve() {
      // Only reached without a command: the manager launches configured commands itself.
      throw notInstalled(this.name, `a "command" for languages.${language}`, this.installHint);
    },
  };
}
