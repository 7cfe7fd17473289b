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

/** Symbol kinds compared by the agreement harness: what an agent asks for by name. */
export const COUNTED_KINDS = new Set(['function', 'method', 'constructor', 'class', 'struct', 'interface']);

/** A symbol path as both sides spell it once spaces are gone and `::` is `.`. */
export function normalPath(path) {
  return path.replace(/\s+/g, '').replace(/::/g, '.');
}

/** The path without template or generic arguments (`formatter<weekday,Char>.parse` → `formatter.parse`). */
function bare(path) {
  let out = normalPath(path);
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/<[^<>]*>/g, '');
  }
  return out;
}

/**
 * The segments of a dotted path, not split inside `<…>`, `(…)` or `[…]` (`is_wrapper<std::ref<T>>`,
 * `[Symbol.iterator]` stay one segment).
 * @param {string} path
 */
export function pathSegments(path) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (c === '<' || c === '(' || c === '[') depth++;
    else if ((c === '>' || c === ')' || c === ']') && depth > 0) depth--;
    else if (c === '.' && depth === 0) {
      out.push(path.slice(start, i));
      start = i + 1;
    }
  }
  out.push(path.slice(start));
  return out;
}

/** True when `path` is `tail` or ends with `.tail` (Locus names the owner the reference leaves out). */
function endsWithPath(path, tail) {
  const a = bare(path);
  const b = bare(tail);
  return a === b || a.endsWith(`.${b}`);
}

/** The last segment of a path, as both sides spell it and without template arguments. */
export function lastSegment(path) {
  return bare(pathSegments(path).pop() ?? '');
}

/**
 * One file's outline against a reference (both flat, counted kinds only; `path` dotted, `position` the name's
 * start). A reference symbol *agrees* when Locus has a symbol at the same name position with the same path
 * (template arguments of enclosing segments aside); at the same position with another name it is a *wrong name*;
 * with the same name but another path, a *wrong path*; found by path elsewhere, *moved*; else *missing*. An
 * unmatched Locus symbol on the line of a missing reference symbol is a wrong name too (a misread declaration);
 * the rest are *only Locus* (declarations of inactive `#if` branches, local types, …). `ours` holds every
 * Locus symbol, so a type alias the reference counts as a class is found at its position.
 * @param {{path:string,kind:string,position:{line:number,character:number}}[]} ours
 * @param {{path:string,kind:string,position:{line:number,character:number}}[]} reference
 */
export function compareOutline(ours, reference) {
  const key = (p) => `${p.line}:${p.character}`;
  const at = new Map();
  for (const s of ours) at.set(key(s.position), [...(at.get(key(s.position)) ?? []), s]);
  const used = new Set();
  const out = { agree: [], wrongName: [], wrongPath: [], moved: [], missing: [], onlyLocus: [] };
  for (const ref of reference) {
    const here = (at.get(key(ref.position)) ?? []).filter((s) => !used.has(s));
    const same = here.find((s) => bare(s.path) === bare(ref.path)) ?? here[0];
    if (same) {
      used.add(same);
      if (bare(same.path) === bare(ref.path)) out.agree.push({ ref, ours: same });
      else if (lastSegment(same.path) === lastSegment(ref.path)) out.wrongPath.push({ ref, ours: same });
      else out.wrongName.push({ ref, ours: same });
      continue;
    }
    const elsewhere = ours.find((s) => !used.has(s) && bare(s.path) === bare(ref.path));
    if (elsewhere) {
      used.add(elsewhere);
      out.moved.push({ ref, ours: elsewhere });
    } else out.missing.push({ ref });
  }
  const missingLines = new Map(out.missing.map((m) => [m.ref.position.line, m]));
  for (const s of ours) {
    if (used.has(s) || !COUNTED_KINDS.has(s.kind)) continue;
    const miss = missingLines.get(s.position.line);
    if (miss && !miss.ours) {
      miss.ours = s;
      // `arrayTraps.set = function (…)`: TypeScript puts the name at `function`; Locus at `set`, with its owner.
      const same = lastSegment(s.path) === lastSegment(miss.ref.path) && endsWithPath(s.path, miss.ref.path);
      (same ? out.agree : out.wrongName).push(miss);
    } else out.onlyLocus.push({ ours: s });
  }
  out.missing = out.missing.filter((m) => !m.ours);
  return out;
}
