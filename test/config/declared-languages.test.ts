/**
 * Languages declared without a grammar (docs/configuration.md, "A language without a grammar"): the schema takes a
 * key Locus does not know with its extensions, refuses `extensions` under a known language and a key that is not a
 * language name, and the server manager refuses an extension Locus already knows, one two declarations share, and an
 * unknown key without extensions — each as CONFIG_INVALID naming the entry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.js';
import { isLocusError } from '../../src/core/index.js';
import { LspManager } from '../../src/lsp/manager.js';

const root = mkdtempSync(join(tmpdir(), 'locus-declared-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function invalid(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isLocusError(error) && error.code === 'CONFIG_INVALID') return error.message;
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

const manager = (languages: Record<string, unknown>) =>
  new LspManager({ workspaceRoot: root, config: { languages } as never, trust: true });

describe('declared languages', () => {
  it('the schema takes a declared language and routes its files to it', () => {
    const haskell = { extensions: ['.hs'], command: 'haskell-language-server-wrapper', args: ['--lsp'] };
    expect(validateConfig({ languages: { haskell } }, 'test').languages?.haskell?.extensions).toEqual([
      '.hs',
    ]);
    const lsp = manager({ haskell });
    expect(lsp.forFile(join(root, 'src/Main.hs'))?.adapter.id).toBe('configured:haskell');
    expect(lsp.forFile(join(root, 'src/main.py'))?.adapter.languages).toContain('python');
  });

  it('the schema refuses extensions under a known language and a key that is no language name', () => {
    expect(
      invalid(() => validateConfig({ languages: { python: { extensions: ['.pyx'] } } }, 'test')),
    ).toMatch(/only for a language Locus has no grammar for; python is known/);
    expect(
      invalid(() => validateConfig({ languages: { 'Has Space': { extensions: ['.x'] } } }, 'test')),
    ).toMatch(/not a language name/);
    expect(invalid(() => validateConfig({ languages: { haskell: { extensions: ['hs'] } } }, 'test'))).toMatch(
      /an extension with its dot/,
    );
  });

  it('the manager refuses a known extension, a shared one, and an unknown key without extensions', () => {
    expect(invalid(() => manager({ mypython: { extensions: ['.py'], command: 'x' } }))).toMatch(
      /languages\.mypython\.extensions: \.py is already python/,
    );
    expect(
      invalid(() =>
        manager({
          haskell: { extensions: ['.hs'], command: 'a' },
          other: { extensions: ['.HS'], command: 'b' },
        }),
      ),
    ).toMatch(/\.hs is already declared for haskell/);
    expect(invalid(() => manager({ haskell: { command: 'a' } }))).toMatch(
      /unknown key "haskell" \(known: .*\); a language Locus has no grammar for is declared with "extensions"/,
    );
  });
});
