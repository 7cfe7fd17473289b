/**
 * Language-server helpers for the benchmark, on the LSP layer's classes (`dist/lsp/`):
 * availability per adapter, flattening `textDocument/documentSymbol` answers into symbol paths, and the
 * LSAP-style walk from an answer to one symbol path.
 */
import { lspSymbolKindName } from '../../dist/locate/outline.js';

/** The server that answers documentSymbol for each corpus language. */
export const SERVER_FOR = {
  python: 'pyright',
  typescript: 'typescript',
  javascript: 'typescript',
  go: 'gopls',
};

/**
 * Lower-case LSP SymbolKind name, from Locus's one symbol-kind table (compiled: `npm run build` first).
 * @param {number} kind
 */
export function kindName(kind) {
  return lspSymbolKindName(kind) ?? `kind${kind}`;
}

/**
 * Whether an adapter's server can be launched here (resolves its command without starting it).
 * @param {{BUILTIN_ADAPTERS: Map<string, any>}} lsp the LSP layer module
 */
export function serverStatus(lsp, adapterId) {
  const adapter = lsp.BUILTIN_ADAPTERS.get(adapterId);
  if (!adapter) return { server: adapterId, available: false, reason: 'unknown adapter' };
  try {
    adapter.resolve();
    return { server: adapterId, name: adapter.name, available: true };
  } catch (error) {
    return {
      server: adapterId,
      name: adapter.name,
      available: false,
      reason: error.message,
      install: adapter.installHint,
    };
  }
}

/** Splits a server symbol name into path segments: gopls names methods `(*T).M` / `(T).M`. */
function segmentsOf(name) {
  const receiver = /^\(\*?([^)\s[]+)(?:\[[^\]]*\])?\)\.(.+)$/.exec(name);
  return receiver ? [receiver[1], receiver[2]] : [name];
}

/**
 * Every symbol of a documentSymbol answer with its dotted path, kind, name position (selectionRange start)
 * and the kinds of its ancestors (nearest last), in document order.
 */
export function flattenDocumentSymbols(result) {
  const out = [];
  const visit = (symbols, prefix, ancestors) => {
    for (const symbol of symbols ?? []) {
      const segments = [...prefix, ...segmentsOf(symbol.name)];
      const position = symbol.selectionRange?.start ?? symbol.location?.range.start;
      const flatPrefix = symbol.containerName ? symbol.containerName.split('.') : [];
      const path = symbol.location ? [...flatPrefix, ...segmentsOf(symbol.name)] : segments;
      const kind = kindName(symbol.kind);
      out.push({
        path: path.join('.'),
        name: symbol.name,
        kind,
        position,
        parentKind: ancestors.at(-1),
        ancestors,
      });
      if (symbol.children) visit(symbol.children, segments, [...ancestors, kind]);
    }
  };
  visit(result, [], []);
  return out;
}

/**
 * The LSAP approach: walk a documentSymbol answer to the symbol path, level by level; returns the name
 * position of the `index`-th symbol (in document order) with that path, or undefined.
 */
export function walkToPath(result, path, index = 0) {
  const want = path.split('.');
  const found = [];
  const visit = (symbols, depth) => {
    for (const symbol of symbols ?? []) {
      const segments = segmentsOf(symbol.name);
      if (!segments.every((s, i) => want[depth + i] === s)) continue;
      const next = depth + segments.length;
      if (next === want.length) found.push(symbol.selectionRange?.start ?? symbol.location?.range.start);
      else visit(symbol.children, next);
    }
  };
  visit(result, 0);
  found.sort((a, b) => a.line - b.line || a.character - b.character);
  return found[index];
}

/**
 * Runs `measure` on every case whose server can be launched: one row per case (or the error it ended with), and
 * the cases skipped with the reason. `idOf` names a case in its rows.
 * @template C, R
 * @param {{BUILTIN_ADAPTERS: Map<string, any>}} lsp the LSP layer module
 * @param {Iterable<C & { server: string }>} cases
 * @param {(testCase: C) => Record<string, unknown>} idOf
 * @param {(testCase: C) => Promise<R>} measure
 */
export async function measureEachCase(lsp, cases, idOf, measure) {
  const rows = [];
  const skipped = [];
  for (const testCase of cases) {
    const status = serverStatus(lsp, testCase.server);
    if (!status.available) {
      skipped.push({ ...idOf(testCase), server: testCase.server, reason: status.reason });
      continue;
    }
    try {
      rows.push(await measure(testCase));
    } catch (error) {
      rows.push({ ...idOf(testCase), server: testCase.server, error: error.message });
    }
  }
  return { rows, skipped };
}
