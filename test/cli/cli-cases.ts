/**
 * The real `locus` binary: each offline subcommand, JSON shapes, exit codes, every offline error
 * code, and a `check` run of a few hundred lines in one process.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';
import { LineIndex } from '../../src/core/line-index.js';
import { offsetOf } from '../helpers/anchors.js';

/** The cases, run in-process by ./cli.test.ts and through the background Locus by ./cli.daemon.test.ts. */
export function cliCases(): void {
  const REPO = path.resolve(import.meta.dirname, '../..');
  const BIN = path.join(REPO, 'bin/locus.js');
  const ROOT = path.join(REPO, 'test/fixtures/cli');

  function locus(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
    const run = spawnSync(process.execPath, [BIN, ...args, '--root', ROOT], {
      input,
      encoding: 'utf8',
      timeout: 600_000,
    });
    return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  }

  const CART = readFileSync(path.join(ROOT, 'src/cart.py'), 'utf8');
  const CART_LINES = new LineIndex(CART);
  /** Position and display of the first occurrence of `before` + `after` in cart.py, cursor between them. */
  function cartAt(
    before: string,
    after = '',
  ): { position: { line: number; character: number }; display: string } {
    const offset = offsetOf(CART, before + after) + before.length;
    const display = CART_LINES.toDisplay(offset);
    return {
      position: CART_LINES.toPosition(offset),
      display: `src/cart.py:${display.line}:${display.column}`,
    };
  }

  function json(args: string[]): { code: number; body: Record<string, unknown> } {
    const run = locus([...args, '--json']);
    return { code: run.code, body: JSON.parse(run.stdout) as Record<string, unknown> };
  }

  beforeAll(async () => {
    await ensureBuilt(); // under the suite's build lock (files run in parallel)
  });

  describe('locus locate', () => {
    it('answers in the docs/operations.md, "Command line" JSON shape', () => {
      const { code, body } = json(['locate', 'src/cart.py:Cart.total@return <|>subtotal']);
      expect(code).toBe(0);
      expect(body).toMatchObject({
        ok: true,
        file_path: 'src/cart.py',
        ...cartAt('return ', 'subtotal'),
        matches: 1,
        symbol: { path: 'Cart.total', kind: 'method' },
      });
    });

    it('prints a human line without --json', () => {
      const run = locus(['locate', 'src/cart.py:Cart.total']);
      expect(run.code).toBe(0);
      expect(run.stdout.startsWith(`Located ${cartAt('def ', 'total').display} (method Cart.total)`)).toBe(
        true,
      );
    });

    it('--range gives the full range and a range start position', () => {
      const { body } = json(['locate', 'src/cart.py:Cart.total', '--range']);
      const start = cartAt('    ', '@property').position;
      expect(body.range).toEqual({ start, end: cartAt('(1 + TAX)').position });
      expect(body.position).toEqual(start);
    });

    it.each([
      ['src/cart.py:10-', 'INVALID_LOCATE', 2],
      ['src/cart.py', 'INVALID_LOCATE', 2],
      ['missing.py:Cart', 'FILE_NOT_FOUND', 1],
      ['src:Cart', 'FILE_NOT_FOUND', 1],
      ['../outside.py@x', 'OUTSIDE_WORKSPACE', 1],
      ['blob.bin@a', 'NOT_TEXT', 1],
      ['notes.txt:Hello', 'UNSUPPORTED_LANGUAGE', 1],
      ['src/cart.py:Cart.totl', 'SYMBOL_NOT_FOUND', 1],
      ['src/cart.py:total', 'SYMBOL_AMBIGUOUS', 1],
      ['src/cart.py:99', 'LINE_OUT_OF_RANGE', 1],
      ['src/cart.py:Cart@retrun', 'NO_MATCH', 1],
    ])('%s → %s (exit %i), with a hint', (locate, code, exit) => {
      const run = json(['locate', locate]);
      expect(run.code).toBe(exit);
      expect(run.body).toMatchObject({ ok: false, error: { code } });
      expect((run.body.error as { hint?: string }).hint).toBeTruthy();
      const text = locus(['locate', locate]);
      expect(text.stderr).toContain(`error ${code}:`);
      expect(text.stderr).not.toMatch(/\n\s+at /);
    });

    it('MATCH_INDEX_OUT_OF_RANGE through check (find_index needs the object form)', () => {
      const run = locus(
        ['check'],
        JSON.stringify({ locate: { file_path: 'src/cart.py', find: 'self', find_index: 9 } }),
      );
      expect(JSON.parse(run.stdout)).toMatchObject({
        ok: false,
        error: { code: 'MATCH_INDEX_OUT_OF_RANGE' },
      });
    });

    it('usage errors exit 2', () => {
      expect(locus(['locate']).code).toBe(2);
      expect(locus(['locate', 'a', 'b']).code).toBe(2);
      expect(locus(['frobnicate']).code).toBe(2);
      expect(locus(['locate', 'src/cart.py:Cart', '--bogus']).code).toBe(2);
      expect(locus(['--help']).code).toBe(0);
    });
  });

  describe('locus describe and outline', () => {
    it('describe gives a locate string that resolves back', () => {
      const target = cartAt('return ', 'subtotal').display;
      const { code, body } = json(['describe', target]);
      expect(code).toBe(0);
      expect(body).toMatchObject({ ok: true, display: target, exact: true, symbol: { path: 'Cart.total' } });
      const back = json(['locate', body.locate as string]);
      expect(back.body.display).toBe(target);
    });

    it('describe of a position that does not exist is an error', () => {
      expect(json(['describe', `src/cart.py:${CART_LINES.lineCount + 1}:1`]).body).toMatchObject({
        ok: false,
        error: { code: 'LINE_OUT_OF_RANGE' },
      });
      expect(locus(['describe', 'src/cart.py']).code).toBe(2);
      // A column past the end of an existing line: the hint gives that line's columns, not the line count.
      const width = [...CART_LINES.lineText(0)].length;
      expect(json(['describe', `src/cart.py:1:${width + 5}`]).body).toMatchObject({
        ok: false,
        error: {
          code: 'LINE_OUT_OF_RANGE',
          hint: expect.stringContaining(`Line 1 has ${width} character(s)`),
        },
      });
    });

    it('outline lists symbols as a tree with kinds, positions and locate strings', () => {
      const { body } = json(['outline', 'src/app.ts']);
      expect(body).toMatchObject({ ok: true, language: 'typescript' });
      const symbols = body.symbols as {
        path: string;
        kind: string;
        locate: string;
        children: { path: string }[];
      }[];
      expect(symbols.map((s) => `${s.kind} ${s.path}`)).toEqual(['function handler', 'class Api']);
      expect(symbols[1]?.children.map((c) => c.path)).toEqual(['Api.get']);
      const text = locus(['outline', 'src/cart.py']).stdout;
      expect(text).toContain(`method Cart.total  ${cartAt('def ', 'total').display}  src/cart.py:Cart.total`);
    });
  });

  describe('locus check', () => {
    it('answers every line in order, echoing ids, in one process', () => {
      const lines: string[] = [];
      for (let i = 0; i < 300; i++) {
        const pick = i % 6;
        if (pick === 0) lines.push(JSON.stringify({ locate: 'src/cart.py:Cart.add@self.<|>items', id: i }));
        else if (pick === 1) lines.push(JSON.stringify({ locate: 'src/cart.py:nope', id: i }));
        else if (pick === 2) lines.push('{not json');
        else if (pick === 3)
          lines.push(JSON.stringify({ locate: 'src/app.ts:Api.get', range: true, id: `s${i}` }));
        else if (pick === 4) lines.push(JSON.stringify({ locate: 'src/cart.py:Cart', range: 'yes', id: i }));
        else lines.push('');
      }
      const run = locus(['check'], lines.join('\n'));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const out = run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(out).toHaveLength(250);
      expect(out[0]).toMatchObject({ ok: true, id: 0, display: cartAt('self.', 'items.append').display });
      expect(out[1]).toMatchObject({ ok: false, id: 1, error: { code: 'SYMBOL_NOT_FOUND' } });
      expect(out[2]).toMatchObject({ ok: false, id: null, error: { code: 'INVALID_LOCATE' } });
      expect(out[3]).toMatchObject({ ok: true, id: 's3', symbol: { path: 'Api.get', kind: 'method' } });
      expect(out[4]).toMatchObject({ ok: false, id: 4, error: { code: 'INVALID_LOCATE' } });
    });

    it('reads from a file argument', () => {
      const run = spawnSync(
        process.execPath,
        [BIN, 'check', path.join(ROOT, 'checks.jsonl'), '--root', ROOT],
        {
          encoding: 'utf8',
        },
      );
      expect(run.status).toBe(0);
      expect(run.stdout.trim().split('\n')).toHaveLength(2);
    });
  });
}
