/**
 * Ranking rules of the workspace operations (docs/workspace.md): how well a name matches a query
 * (exact > prefix > camel/snake hump initials > substring > subsequence, case-insensitive) and the
 * file order of candidates (non-test, non-vendored first; shorter paths first; then path order).
 */

/** Match tiers, best first. */
export const TIER = { exact: 0, prefix: 1, hump: 2, substring: 3, subsequence: 4 } as const;

/**
 * The match tier of names for `query` (case-insensitive), or undefined for no match. One matcher per
 * query for many names: case-insensitive regular expressions compiled once do the comparing, so the
 * index keeps no lower-cased copy of each name (nor word lists: hump matching reads the name in place).
 */
export function tierMatcher(query: string): (name: string) => number | undefined {
  const lower = query.toLowerCase();
  const flags = [...lower].some((c) => c.charCodeAt(0) > 127) ? 'iu' : 'i';
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const prefix = new RegExp(`^${escape(lower)}`, flags);
  const substring = new RegExp(escape(lower), flags);
  const first = lower.charCodeAt(0);
  return (name) => {
    if (prefix.test(name)) return name.length === lower.length ? TIER.exact : TIER.prefix;
    if (firstLower(name) === first && humpMatch(name, lower)) return TIER.hump;
    if (substring.test(name)) return TIER.substring;
    return isSubsequence(name, lower) ? TIER.subsequence : undefined;
  };
}

/** The lower-case code of `text[at]` (ASCII folded in place; other characters through `toLowerCase`). */
function lowerCodeAt(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c >= 65 && c <= 90) return c + 32;
  return c < 128 ? c : text.charAt(at).toLowerCase().charCodeAt(0);
}

function firstLower(name: string): number {
  return lowerCodeAt(name, 0);
}

/** True when `lower` (lower-cased) is a subsequence of `name`, case-insensitively; linear (a regex backtracks). */
function isSubsequence(name: string, lower: string): boolean {
  let q = 0;
  for (let i = 0; i < name.length && q < lower.length; i++)
    if (lowerCodeAt(name, i) === lower.charCodeAt(q)) q++;
  return q === lower.length;
}

/**
 * Where the words of an identifier are, as [start, end) pairs: runs of ASCII capitals (an acronym keeps
 * all but a capital that starts the next word), a capital plus lower-case letters, lower-case letters,
 * digits; anything else separates. `getUserById` → get·User·By·Id, `HTTPServer2` → HTTP·Server·2.
 */
export function wordSpans(name: string): number[] {
  const spans: number[] = [];
  const kind = (i: number): number => {
    const c = name.charCodeAt(i);
    return c >= 65 && c <= 90 ? 1 : c >= 97 && c <= 122 ? 2 : c >= 48 && c <= 57 ? 3 : 0;
  };
  let i = 0;
  while (i < name.length) {
    const k = kind(i);
    let j = i + 1;
    while (j < name.length && kind(j) === k) j++;
    if (k === 1 && kind(j) === 2) {
      if (j - i > 1) spans.push(i, j - 1); // the acronym, without the capital of the next word
      const start = j - 1;
      j++;
      while (j < name.length && kind(j) === 2) j++;
      spans.push(start, j);
    } else if (k !== 0) spans.push(i, j);
    i = j;
  }
  return spans;
}

/** Lower-cased words of an identifier: `getUserById` → get, user, by, id; `get_user_by` → get, user, by. */
export function words(name: string): string[] {
  const spans = wordSpans(name);
  const out: string[] = [];
  for (let w = 0; w < spans.length; w += 2) out.push(name.slice(spans[w], spans[w + 1]).toLowerCase());
  return out;
}

/**
 * True when the query (lower-cased) spells prefixes of the name's words in order, starting at the first
 * word, each word giving at least one character (`gub` → get·User·By, `getuby` → get·User·By); `_` in the
 * query only separates (`g_u_b`). Later words may be skipped. Works on the name in place: no word list.
 */
export function humpMatch(name: string, query: string): boolean {
  const q = query.replace(/_/g, '');
  const spans = wordSpans(name);
  if (q.length === 0 || spans.length === 0) return false;
  const go = (qi: number, wi: number, first: boolean): boolean => {
    if (qi === q.length) return true;
    for (let w = wi; w < spans.length; w += 2) {
      if (first && w > 0) return false;
      const start = spans[w] as number;
      const length = (spans[w + 1] as number) - start;
      let k = 0;
      while (k < length && qi + k < q.length && lowerCodeAt(name, start + k) === q.charCodeAt(qi + k)) k++;
      for (let take = k; take >= 1; take--) if (go(qi + take, w + 2, false)) return true;
    }
    return false;
  };
  return go(0, 0, true);
}

/**
 * Which character classes a lower-cased text contains (a–z one bit each, digits, `_`, anything else),
 * so a name missing one of the query's characters is rejected without looking at it further.
 */
export function charMask(lower: string, skipUnderscore = false): number {
  let mask = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << 26;
    else if (c === 95) mask |= skipUnderscore ? 0 : 1 << 27;
    else mask |= 1 << 28;
  }
  return mask;
}

const DEMOTED_DIR =
  /(?:^|\/)(?:tests?|__tests__|__mocks__|spec|specs|testdata|testing|fixtures?|vendor|third_party|thirdparty|external|generated|gen|examples?|node_modules|site-packages|dist-packages|dist|build)\//i;
const DEMOTED_FILE =
  /(?:_test\.go|\.(?:test|spec)\.[a-z]+|(?:^|\/)test_[^/]*\.py|_pb2?\.py|\.pb\.go|\.d\.ts|\.pyi)$/i;

/** True for test, vendored and generated files (ranked after the others). */
export function isDemotedPath(filePath: string): boolean {
  return DEMOTED_DIR.test(filePath) || DEMOTED_FILE.test(filePath);
}

/**
 * The file order (docs/workspace.md, "Ranking of candidates (file order)"): non-demoted first, shorter paths first,
 * then path order.
 */
export function compareFiles(a: string, b: string): number {
  return compareDemoted(a, b) || compareShape(a, b);
}

function compareDemoted(a: string, b: string): number {
  return Number(isDemotedPath(a)) - Number(isDemotedPath(b));
}

/** Fewer folders, then shorter paths, then path order (the part of the file order after demotion). */
export function compareShape(a: string, b: string): number {
  const depth = a.split('/').length - b.split('/').length;
  if (depth !== 0) return depth;
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A file of the index as `fileOrderRanks` takes it: its id, its path, and whether it is demoted. */
export interface RankedFile {
  id: number;
  path: string;
  demoted: boolean;
}

/**
 * Rank of every file id in the file order (`compareFiles`), in an array of `size` ids: the order's keys computed
 * once per file (demoted, folder depth, length, path), not in every comparison.
 */
export function fileOrderRanks(files: Iterable<RankedFile>, size: number): Int32Array {
  const keyed = Array.from(files, ({ id, path, demoted }) => ({
    id,
    demoted: Number(demoted),
    depth: depthOf(path),
    path,
  }));
  keyed.sort(
    (a, b) =>
      a.demoted - b.demoted ||
      a.depth - b.depth ||
      a.path.length - b.path.length ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  const ranks = new Int32Array(size);
  keyed.forEach((v, i) => (ranks[v.id] = i));
  return ranks;
}

/** Folders in a path (`a/b/c.go`: 2). */
function depthOf(path: string): number {
  let depth = 0;
  for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) depth++;
  return depth;
}
