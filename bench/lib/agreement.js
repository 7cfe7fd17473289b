/**
 * Symbol-scope agreement between Locus's outline and a server's documentSymbol answer: symbols are matched
 * by dotted path (same path and same name position first, then the remaining same-path symbols in document
 * order), and Locus's name position is compared with the server's selectionRange start. Server-only variables/constants whose parent is a function
 * or method (parameters and locals) are counted apart: they are outside Locus's symbol model (docs/locate-strings.md, "Which declarations are symbols").
 */
import { flattenDocumentSymbols } from './servers.js';
import { samePosition } from './tokens.js';

const FUNCTION_KINDS = new Set(['function', 'method', 'constructor']);
const LOCAL_KINDS = new Set([
  'variable',
  'constant',
  'property',
  'field',
  'typeparameter',
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'key',
  'null',
]);

function byPath(list) {
  const map = new Map();
  for (const item of list) {
    const group = map.get(item.path) ?? [];
    group.push(item);
    map.set(item.path, group);
  }
  for (const group of map.values())
    group.sort((a, b) => a.position.line - b.position.line || a.position.character - b.position.character);
  return map;
}

/**
 * Compares the flattened Locus outline with a documentSymbol result.
 * @param {{path:string,kind:string,position:{line:number,character:number},locate:string}[]} ours
 * @param {unknown[]} serverResult
 */
export function compareSymbols(ours, serverResult) {
  const theirs = flattenDocumentSymbols(serverResult);
  const mine = byPath(
    ours.map((s) => ({ path: s.path, kind: s.kind, position: s.position, locate: s.locate })),
  );
  const other = byPath(theirs);
  const out = { matched: [], moved: [], onlyLocus: [], onlyServer: [], serverLocals: [] };
  const used = new Set();
  for (const [path, group] of mine) {
    const counterpart = other.get(path) ?? [];
    const pending = [];
    group.forEach((symbol, k) => {
      const same = counterpart.find((c) => !used.has(c) && samePosition(c.position, symbol.position));
      if (!same) return void pending.push([symbol, k]);
      used.add(same);
      out.matched.push({
        path,
        index: k,
        serverIndex: counterpart.indexOf(same),
        kind: symbol.kind,
        serverKind: same.kind,
      });
    });
    const rest = counterpart.filter((c) => !used.has(c));
    pending.forEach(([symbol, k], i) => {
      const server = rest[i];
      const base = { path, index: k, kind: symbol.kind, locus: symbol.position, locate: symbol.locate };
      if (!server) return void out.onlyLocus.push(base);
      used.add(server);
      out.moved.push({ ...base, serverKind: server.kind, server: server.position });
    });
  }
  const locusKinds = new Map(ours.map((s) => [s.path, s.kind]));
  for (const [path, group] of other) {
    for (const server of group.filter((c) => !used.has(c))) {
      const insideFunction =
        server.ancestors.some((k) => FUNCTION_KINDS.has(k)) ||
        FUNCTION_KINDS.has(locusKinds.get(parentPath(path)));
      const local = (insideFunction && LOCAL_KINDS.has(server.kind)) || server.name.startsWith('<');
      (local ? out.serverLocals : out.onlyServer).push({
        path,
        kind: server.kind,
        parentKind: server.parentKind,
        server: server.position,
      });
    }
  }
  pairByPosition(out);
  out.serverTotal = theirs.length;
  out.locusTotal = ours.length;
  return out;
}

/** Unpaired symbols of both sides at the same name position: the same symbol under a different path. */
function pairByPosition(out) {
  const key = (p) => `${p.line}:${p.character}`;
  const servers = new Map();
  for (const list of [out.onlyServer, out.serverLocals])
    for (const item of list) servers.set(key(item.server), { item, list });
  out.renamed = [];
  out.onlyLocus = out.onlyLocus.filter((mine) => {
    const hit = servers.get(key(mine.locus));
    if (!hit) return true;
    hit.list.splice(hit.list.indexOf(hit.item), 1);
    servers.delete(key(mine.locus));
    out.renamed.push({
      path: mine.path,
      serverPath: hit.item.path,
      kind: mine.kind,
      serverKind: hit.item.kind,
      locus: mine.locus,
      locate: mine.locate,
    });
    return false;
  });
}

function parentPath(path) {
  return path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '';
}

/** Counts per kind of one disagreement list, largest first. */
export function countByKind(list, key = 'kind') {
  const counts = new Map();
  for (const item of list) counts.set(item[key], (counts.get(item[key]) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}
