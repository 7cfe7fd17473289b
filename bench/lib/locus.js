/**
 * Access to Locus through its public surface: the compiled library (`dist/index.js`), the LSP layer's manager,
 * adapters and URIs (`dist/lsp/`) and the `locus` CLI (`bin/locus.js`). Also the helpers that turn an outline into locate strings.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from './sources.js';
import { spread } from './stats.js';
import { identifiers, Lines } from './tokens.js';

/** Path of the CLI launcher. */
export const CLI = path.join(REPO, 'bin/locus.js');

/** Temp folders and files of this process, removed when it exits (a bench run made ten or more a run). */
const temporary = [];
process.on('exit', () => {
  for (const entry of temporary) rmSync(entry, { recursive: true, force: true });
});

/** A path in the temp folder that goes when the process exits. */
export function removedAtExit(entry) {
  temporary.push(entry);
  return entry;
}

/** Stops the background Locus of `root` that CLI calls with `env` started (nothing when none runs). */
export function stopDaemon(root, env) {
  spawnSync(process.execPath, [CLI, 'daemon', 'stop', '--root', root], { env, encoding: 'utf8' });
}

const sharedCache = removedAtExit(mkdtempSync(path.join(tmpdir(), 'locus-bench-cache-')));

/**
 * The environment of a one-shot CLI run. `cold`: a cache folder of its own, empty (nothing persisted by an
 * earlier run: no workspace index, no outlines — a first-ever run). `cached`: one cache folder shared by
 * the bench's runs, so a repeated run finds what the one before persisted (docs/performance.md, "Cold start").
 */
export function cliEnv(kind) {
  const dir =
    kind === 'cold' ? removedAtExit(mkdtempSync(path.join(tmpdir(), 'locus-bench-cold-'))) : sharedCache;
  return { ...process.env, LOCUS_CACHE_DIR: dir };
}

/** Imports the compiled library (fails with a clear message when `npm run build` has not run). */
export async function loadLibrary() {
  const entry = path.join(REPO, 'dist/index.js');
  if (!existsSync(entry)) throw new Error('dist/index.js is missing: run `npm run build` first.');
  const lib = await import(pathToFileURL(entry).href);
  const lspModule = (file) => import(pathToFileURL(path.join(REPO, 'dist/lsp', file)).href);
  // The LSP layer's classes the bench drives directly: the manager, the built-in adapters, file URIs.
  const lsp = {
    ...(await lspModule('manager.js')),
    ...(await lspModule('servers/index.js')),
    ...(await lspModule('uri.js')),
  };
  // Not public API: the count of compiler-fallback parses, so that rows can say when it ran.
  const damaged = await import(pathToFileURL(path.join(REPO, 'dist/syntax/damaged.js')).href).catch(
    () => ({}),
  );
  // Not public API: the symbol-path reader, to compare outline paths segment by segment.
  const { parseSymbolPath } = await import(pathToFileURL(path.join(REPO, 'dist/locate/symbol-path.js')).href);
  return { ...lib, lsp, parseSymbolPath, fallbackStats: damaged.fallbackStats };
}

/** Every outline entry, depth first in document order. */
export function flattenOutline(symbols, out = []) {
  for (const symbol of symbols) {
    out.push(symbol);
    flattenOutline(symbol.children, out);
  }
  return out;
}

/** Identifier tokens and a line index of a corpus entry (computed once). */
export function analyse(entry) {
  entry.index ??= new Lines(entry.text);
  entry.tokens ??= identifiers(entry.text, entry.language);
  return entry;
}

/** The outline of an entry through the locator (cached on the entry). */
export async function outlineOf(locator, entry) {
  if (entry.outline) return entry.outline;
  const outline = await locator.outline(entry.file);
  if (!outline.ok) throw new Error(`outline of ${entry.file} failed: ${outline.error.message}`);
  entry.outline = outline;
  entry.flat = flattenOutline(outline.symbols);
  return outline;
}

/** The identifier token inside a symbol's full range nearest to its middle (not its name). */
function bodyToken(entry, symbol) {
  const { index: lines, tokens } = analyse(entry);
  const start = lines.offset(symbol.range.start);
  const end = lines.offset(symbol.range.end);
  const name = lines.offset(symbol.position);
  const middle = (start + end) / 2;
  let best;
  for (const token of tokens) {
    if (token.offset < start || token.offset >= end || token.offset === name) continue;
    if (!best || Math.abs(token.offset - middle) < Math.abs(best.offset - middle)) best = token;
  }
  return best;
}

/**
 * Locate strings built from the file's outline: symbol-scope strings (`file:Path`) and symbol-scope + find
 * strings (from `describe` of an identifier inside the symbol), `count` symbols spread over the file.
 */
export async function locateStrings(locator, entry, count) {
  await outlineOf(locator, entry);
  const symbols = spread(entry.flat, count);
  const out = [];
  for (const symbol of symbols) {
    out.push({ kind: 'symbol', locate: symbol.locate, position: symbol.position, symbol: symbol.path });
    const token = bodyToken(entry, symbol);
    if (!token) continue;
    const described = await locator.describe(entry.file, { position: entry.index.position(token.offset) });
    if (described.ok && described.exact && described.locate.includes('@'))
      out.push({ kind: 'find', locate: described.locate, position: described.position, symbol: symbol.path });
  }
  return out;
}
