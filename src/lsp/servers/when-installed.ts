/**
 * Servers Locus starts by default when they are installed, with no configuration line (docs/languages.md,
 * "Servers found when installed"): YAML, JSON, CSS and HTML from the npm packages yaml-language-server and
 * vscode-langservers-extracted, PHP from intelephense. Each is found in Locus's own node_modules first (so a pinned
 * version wins), else on PATH (`npm install -g …`); when neither has it, the answer is SERVER_NOT_INSTALLED with
 * the install command. They are not dependencies of Locus: together they would take its install over its size
 * budget, and intelephense's licence is not ours to ship. Readiness, settings and quirks come from the recipe of
 * the executable (recipes.ts), exactly as when a user names the command.
 */
import { lspLanguageId } from '../languages.js';
import type { LanguageKey } from '../types.js';
import type { ServerAdapter } from './adapter.js';
import { recipeFor } from './recipes.js';
import { findOnPath, installedNodeScript, notInstalled } from './resolve.js';

interface InstalledServer {
  id: string;
  languages: LanguageKey[];
  /** The executable's name: its recipe, and what is looked for on PATH. */
  command: string;
  /** The npm package that ships it, looked for in Locus's own node_modules, and its server script there. */
  npmPackage: string;
  script: string;
}

const INSTALLED_SERVERS: readonly InstalledServer[] = [
  {
    id: 'yaml',
    languages: ['yaml'],
    command: 'yaml-language-server',
    npmPackage: 'yaml-language-server',
    script: 'bin/yaml-language-server',
  },
  ...(['json', 'css', 'html'] as const).map((language) => ({
    id: language,
    languages: [language],
    command: `vscode-${language}-language-server`,
    npmPackage: 'vscode-langservers-extracted',
    script: `bin/vscode-${language}-language-server`,
  })),
  {
    id: 'intelephense',
    languages: ['php'],
    command: 'intelephense',
    npmPackage: 'intelephense',
    script: 'lib/intelephense.js',
  },
];

function adapterOf(server: InstalledServer): ServerAdapter {
  const recipe = recipeFor(server.command);
  if (recipe === undefined) throw new Error(`no recipe for ${server.command}`);
  const installHint = `npm install -g ${server.npmPackage}`;
  const adapter: ServerAdapter = {
    id: server.id,
    name: recipe.name,
    languages: server.languages,
    commands: [server.command],
    projectMarkers: recipe.projectMarkers,
    installHint,
    readiness: recipe.readiness,
    args: [...(recipe.args ?? [])],
    orphanBehaviour: 'a Node server: exits on stdin EOF or through the processId watchdog',
    languageId: lspLanguageId,
    resolve() {
      const own = installedNodeScript(server.npmPackage, server.script);
      if (own !== undefined) return own;
      const onPath = findOnPath([server.command]);
      if (onPath !== undefined) return { command: onPath, args: [] };
      throw notInstalled(this.name, `${server.command} (in Locus's node_modules or on PATH)`, installHint);
    },
  };
  return { ...adapter, ...recipe.quirks };
}

/** The adapters of the servers started when installed, by language order of the table above. */
export const WHEN_INSTALLED_ADAPTERS: readonly ServerAdapter[] = INSTALLED_SERVERS.map(adapterOf);
