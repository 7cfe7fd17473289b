/**
 * The recipe table of docs/languages.md ("Any other server") is the recipes of `src/lsp/servers/recipes.ts`, row for
 * row: the configuration line, the readiness and the project markers users read are the ones Locus applies.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/index.js';
import { SERVER_LANGUAGES } from '../../src/core/languages.js';
import { GENERIC_READINESS } from '../../src/lsp/readiness.js';
import { RECIPES, recipeFor } from '../../src/lsp/servers/recipes.js';
import { REPO } from './support.js';

const docs = readFileSync(join(REPO, 'docs', 'languages.md'), 'utf8');
const section = docs.slice(
  docs.indexOf('\n## Any other server'),
  docs.indexOf('\n## ', docs.indexOf('\n## Any other server') + 1),
);
const rows = section.split('\n').filter((line) => /^\| (?!server |---)/.test(line));

describe('the recipe table of docs/languages.md', () => {
  it('has one row per recipe, in order, each with its configuration line, readiness and markers', () => {
    expect(rows).toHaveLength(RECIPES.length);
    RECIPES.forEach((recipe, i) => {
      const cells = (rows[i] ?? '').split(' | ');
      expect(cells[0]).toBe(`| ${recipe.name}`);
      expect(cells[1]).toBe(`\`{"languages": {${recipe.config}}}\``);
      expect(cells[2]).toBe(recipe.readinessText);
      expect(cells[3]).toBe(`${recipe.projectMarkers.map((m) => `\`${m}\``).join(' ')} |`);
    });
  });

  it('says "generic" exactly for the recipes that use the generic rule', () => {
    for (const recipe of RECIPES)
      expect(recipe.readinessText.startsWith('generic')).toBe(recipe.readiness === GENERIC_READINESS);
  });

  it('each configuration line names its recipe and, for the languages Locus has, is a valid configuration', () => {
    for (const recipe of RECIPES) {
      const config = JSON.parse(`{"languages": {${recipe.config}}}`) as {
        languages: Record<string, { command: string }>;
      };
      const [language, entry] = Object.entries(config.languages)[0] ?? [];
      expect(recipeFor(entry?.command ?? '')).toBe(recipe);
      if (!(SERVER_LANGUAGES as readonly string[]).includes(language ?? '')) continue;
      expect(() => validateConfig(config, 'the recipe table')).not.toThrow();
    }
  });
});
