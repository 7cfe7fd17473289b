/**
 * Servers started when installed (docs/languages.md, "Servers found when installed"): each is the default of its
 * languages with its recipe's readiness, and one that is missing is SERVER_NOT_INSTALLED with its install command,
 * never "nothing found".
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocusError } from '../../src/core/index.js';
import { createLocus } from '../../src/ops/locus.js';
import { DEFAULT_ADAPTER } from '../../src/lsp/servers/index.js';
import { recipeFor } from '../../src/lsp/servers/recipes.js';
import { WHEN_INSTALLED_ADAPTERS } from '../../src/lsp/servers/when-installed.js';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

describe('servers found when installed', () => {
  it.each(WHEN_INSTALLED_ADAPTERS.map((a) => [a.id, a] as const))(
    '%s: the default of its languages, with its recipe',
    (_id, adapter) => {
      for (const language of adapter.languages) expect(DEFAULT_ADAPTER[language]).toBe(adapter.id);
      const recipe = recipeFor(adapter.commands?.[0] ?? '');
      expect(recipe?.readiness).toEqual(adapter.readiness);
      expect(adapter.args).toEqual(recipe?.args ?? []);
    },
  );

  it('intelephense, not in node_modules and not on PATH: SERVER_NOT_INSTALLED with the install command', async () => {
    process.env.PATH = '';
    const adapter = WHEN_INSTALLED_ADAPTERS.find((a) => a.id === 'intelephense');
    let thrown: unknown;
    try {
      adapter?.resolve();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(LocusError);
    expect((thrown as LocusError).code).toBe('SERVER_NOT_INSTALLED');
    expect((thrown as LocusError).hint).toContain('npm install -g intelephense');

    const root = mkdtempSync(path.join(tmpdir(), 'locus-php-'));
    writeFileSync(path.join(root, 'cart.php'), '<?php\nfunction total($items) { return count($items); }\n');
    const locus = createLocus({ root });
    try {
      const answer = await locus.references('cart.php:total');
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.error.code).toBe('SERVER_NOT_INSTALLED');
    } finally {
      await locus.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
