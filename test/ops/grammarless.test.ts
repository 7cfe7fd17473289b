/**
 * A language Locus has no grammar for, declared by one configuration entry (docs/configuration.md, "A language
 * without a grammar"): Vim script served by vim-language-server (a devDependency). Symbol scopes and the outline come
 * from the server's documentSymbol and every such answer says so; line scopes and finds work on the raw text and start
 * no server; the server's semantic answers work as for any configured server. Against the real server.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/vim');
const SERVER = path.resolve(import.meta.dirname, '../../node_modules/.bin/vim-language-server');

describeWithServer(
  { command: SERVER, install: 'npm ci (vim-language-server is a devDependency)' },
  'a language without a grammar: Vim script through vim-language-server',
  () => {
    let root: string;
    let locus: Locus;
    beforeAll(() => {
      root = mkdtempSync(path.join(tmpdir(), 'locus-grammarless-'));
      cpSync(FIXTURE, root, { recursive: true });
      const vim = { extensions: ['.vim'], command: SERVER, args: ['--stdio'] };
      writeFileSync(path.join(root, 'locus.config.json'), JSON.stringify({ languages: { vim } }));
      locus = createLocus({ root, trust: true });
    });
    afterAll(async () => {
      await locus?.close();
      rmSync(root, { recursive: true, force: true });
    });

    async function offsetLine(locate: string): Promise<number> {
      const result = await locus.locate(locate);
      if (!result.ok) throw new Error(`${locate}: ${result.error.code}: ${result.error.message}`);
      return result.position.line;
    }

    it('a line scope and a find need no outline and start no server', async () => {
      const line = await offsetLine('plugin.vim:11@return <|>s:Helper');
      expect(line).toBe(10);
      expect(locus.context.lsp.allSessions()).toEqual([]);
    });

    it('the outline comes from the server and says so', async () => {
      const result = await locus.outline('plugin.vim');
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      expect(result.language).toBe('vim');
      expect(result.outline_source).toMatch(/vim-language-server \(documentSymbol\)/);
      const names = result.symbols.map((s) => s.name);
      expect(names).toEqual(expect.arrayContaining(['Greet', 'Farewell']));
      const greet = result.symbols.find((s) => s.name === 'Greet');
      expect(greet?.position.line).toBe(await offsetLine('plugin.vim@function! <|>Greet('));
      // Every entry's locate string resolves back to the symbol's name.
      for (const symbol of result.symbols) {
        const back = await locus.locate(symbol.locate);
        if (!back.ok) throw new Error(`${symbol.locate}: ${back.error.message}`);
        expect(back.position).toEqual(symbol.position);
      }
    });

    it('a symbol scope resolves through the server outline, with a note naming the server', async () => {
      const result = await locus.locate('plugin.vim:Greet@return <|>s:Helper');
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      expect(result.position.line).toBe(await offsetLine('plugin.vim:11@return <|>s:Helper'));
      expect(result.notes?.join(' ')).toMatch(/come from vim-language-server \(documentSymbol\)/);
      const missing = await locus.locate('plugin.vim:Nowhere@return');
      expect(missing.ok).toBe(false);
      if (!missing.ok) expect(missing.error.code).toBe('SYMBOL_NOT_FOUND');
    });

    it('a server that gives no symbols for a non-blank file is said so, not taken as an empty outline', async () => {
      const result = await locus.outline('options.vim');
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('UNSUPPORTED_LANGUAGE');
        expect(result.error.message).toMatch(/vim-language-server gave no symbols for it/);
      }
      expect(await offsetLine('options.vim@syntax <|>on')).toBe(2);
    });

    it('describe names the enclosing symbol from the server outline', async () => {
      const position = { line: await offsetLine("plugin.vim@echo <|>'bye'"), character: 2 };
      const result = await locus.describe('plugin.vim', { position });
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      expect(result.symbol?.path).toBe('Farewell');
      expect(result.locate).toBe('plugin.vim:Farewell@<|>echo');
    });

    it('definition through the server lands on the function', async () => {
      const result = await locus.definition('plugin.vim:Greet@return <|>s:Helper(');
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      const target = result.targets[0];
      expect(target?.position.line).toBe(await offsetLine('plugin.vim@function! <|>s:Helper('));
    });
  },
);
