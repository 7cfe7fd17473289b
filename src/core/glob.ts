/**
 * Glob matching in linear time (docs/security.md, "Linear-time matching"). A glob comes from agents (`search`,
 * `find_symbol --path`, workspace locate strings, `diagnostics`) and from a repository's own config, so it must
 * not be able to stall Locus: picomatch turns `{a,b}` into a capturing group (3,200 of them took V8 seconds to
 * compile) and `*a*a*a*a*a*a*b` into a backtracking regex (seconds on a 60-character path, hours at eight stars).
 * Here a glob compiles, in one pass, into a small automaton (Thompson's construction) that is simulated over the
 * path: the work is at most the glob's length times the path's, whatever the glob.
 *
 * Syntax: `*` (any run without `/`), `?` (one character but `/`), `**` as a whole segment (any number of
 * segments), `[abc]`, `[a-z]`, `[!x]`/`[^x]`, `{a,b}` (nested), `\x` (a literal x), a leading `!` (negation).
 * Without `dot`, `*`, `?`, classes and `**` do not match a `.` at the start of a segment. Extglobs (`+(a|b)`) and
 * ranges in braces (`{1..3}`) are not supported: their characters match literally.
 */

type Inst =
  | { op: 'char'; c: string }
  | { op: 'any'; noDot: boolean; slash: boolean }
  | { op: 'class'; negated: boolean; items: [string, string][] }
  /** Zero-width: the next character is not a `.` (a segment that `*`, `?` or `**` starts, without `dot`). */
  | { op: 'nodot' }
  | { op: 'split'; x: number; y: number }
  | { op: 'jmp'; x: number }
  | { op: 'fail' }
  | { op: 'match' };

/** Options of a glob. */
export interface GlobOptions {
  /** Let `*`, `?`, classes and `**` match names that start with `.` (default false). */
  dot?: boolean;
}

/** A compiled glob: true when `path` (relative, `/`-separated) matches it. */
export type GlobMatcher = (path: string) => boolean;

/** Compiles one glob. */
export function compileGlob(glob: string, options: GlobOptions = {}): GlobMatcher {
  const negated = glob.startsWith('!') && !glob.startsWith('!(');
  const program = compile(normalize(negated ? glob.slice(1) : glob), options.dot === true);
  return (path) => run(program, path) !== negated;
}

/** Compiles a list of globs: a path matches when any of them does. */
export function compileGlobs(globs: readonly string[], options: GlobOptions = {}): GlobMatcher {
  const matchers = globs.map((glob) => compileGlob(glob, options));
  return (path) => matchers.some((match) => match(path));
}

/** Without a leading `./`, and with runs of globstar segments as one (two in a row are one). */
function normalize(glob: string): string {
  const segments = glob.replace(/^(?:\.\/)+/, '').split('/');
  return segments.filter((segment, i) => !(segment === '**' && segments[i - 1] === '**')).join('/');
}

/** The folder part of a glob before its first segment with a wildcard (`src/lib/**` → `src/lib`). */
export function globBase(glob: string): string {
  const segments = glob.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (/[*?[{\\!]/.test(segment)) break;
    fixed.push(segment);
  }
  return fixed.join('/');
}

/** For each `{`, the index of its `}` when the group holds a top-level `,` (else it is literal). */
function braceGroups(glob: string): Map<number, number> {
  const groups = new Map<number, number>();
  const open: { at: number; comma: boolean }[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '{') open.push({ at: i, comma: false });
    else if (c === ',' && open.length > 0) (open[open.length - 1] as { comma: boolean }).comma = true;
    else if (c === '}' && open.length > 0) {
      const group = open.pop() as { at: number; comma: boolean };
      if (group.comma) groups.set(group.at, i);
    }
  }
  return groups;
}

/** The end (exclusive) of a class starting at `[`, or -1 when it is not closed (then `[` is literal). */
function classEnd(glob: string, at: number): number {
  let i = at + 1;
  if (glob[i] === '!' || glob[i] === '^') i++;
  if (glob[i] === ']') i++;
  for (; i < glob.length; i++) {
    if (glob[i] === '\\') i++;
    else if (glob[i] === ']') return i + 1;
    else if (glob[i] === '/') return -1;
  }
  return -1;
}

function parseClass(body: string): Inst {
  const negated = body.startsWith('!') || body.startsWith('^');
  const chars = [...(negated ? body.slice(1) : body)];
  const items: [string, string][] = [];
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i] as string;
    if (c === '\\' && i + 1 < chars.length) c = chars[++i] as string;
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      items.push([c, chars[i + 2] as string]);
      i += 2;
    } else items.push([c, c]);
  }
  return { op: 'class', negated, items };
}

interface Frame {
  /** Index of the group's `}`. */
  end: number;
  /** The split whose second branch is the next alternative. */
  split: number;
  /** Jumps from the end of each alternative to the end of the group. */
  jumps: number[];
}

/** One pass over the glob: instructions in order, brace groups as chains of splits (no recursion). */
function compile(glob: string, dot: boolean): Inst[] {
  const prog: Inst[] = [];
  const groups = braceGroups(glob);
  const frames: Frame[] = [];
  let i = 0;
  while (i < glob.length) i = step(prog, glob, i, { dot, groups, frames });
  prog.push({ op: 'match' });
  return prog;
}

/** Compiles the piece of the glob at `i`; returns the index after it. */
function step(
  prog: Inst[],
  glob: string,
  i: number,
  state: { dot: boolean; groups: Map<number, number>; frames: Frame[] },
): number {
  const c = glob[i] as string;
  const frame = state.frames[state.frames.length - 1];
  const segmentStart = i === 0 || glob[i - 1] === '/';
  if (c === '\\' && i + 1 < glob.length) {
    prog.push({ op: 'char', c: glob[i + 1] as string });
    return i + 2;
  }
  if (c === '{' && state.groups.has(i)) {
    state.frames.push({ end: state.groups.get(i) as number, split: prog.length, jumps: [] });
    prog.push({ op: 'split', x: prog.length + 1, y: -1 });
    return i + 1;
  }
  if (frame && (c === ',' || i === frame.end)) {
    frame.jumps.push(prog.length);
    prog.push({ op: 'jmp', x: -1 });
    (prog[frame.split] as { y: number }).y = prog.length;
    if (c === ',' && i < frame.end) {
      frame.split = prog.length;
      prog.push({ op: 'split', x: prog.length + 1, y: -1 });
      return i + 1;
    }
    prog.push({ op: 'fail' });
    for (const jump of frame.jumps) (prog[jump] as { x: number }).x = prog.length;
    state.frames.pop();
    return i + 1;
  }
  if (c === '*' || c === '/') {
    const after = globstar(prog, glob, i, state.dot, segmentStart);
    if (after >= 0) return after;
  }
  return single(prog, glob, i, !state.dot && segmentStart);
}

/** A one-character piece: `*`, `?`, a class or a literal. */
function single(prog: Inst[], glob: string, i: number, noDot: boolean): number {
  const c = glob[i] as string;
  if (c === '*') {
    let last = i;
    while (glob[last + 1] === '*') last++;
    if (noDot) prog.push({ op: 'nodot' });
    loopAny(prog, false, false);
    return last + 1;
  }
  if (c === '?') {
    if (noDot) prog.push({ op: 'nodot' });
    prog.push({ op: 'any', noDot: false, slash: false });
    return i + 1;
  }
  const end = c === '[' ? classEnd(glob, i) : -1;
  if (end > 0) {
    prog.push(parseClass(glob.slice(i + 1, end - 1)));
    return end;
  }
  prog.push({ op: 'char', c });
  return i + 1;
}

/** `x*` for x = any character (`slash`: `/` too; `noDot`: no `.` right after a `/` or at the start). */
function loopAny(prog: Inst[], slash: boolean, noDot: boolean): void {
  const split = prog.length;
  prog.push({ op: 'split', x: split + 1, y: -1 });
  prog.push({ op: 'any', noDot, slash });
  prog.push({ op: 'jmp', x: split });
  (prog[split] as { y: number }).y = prog.length;
}

/**
 * `**` as a whole segment. `**` + `/` is any number of whole segments (any run that ends with a slash, or
 * nothing); a slash + a final `**` is a slash and any run, or nothing (so `a/**` matches `a`, `a/` and `a/b/c`);
 * a `**` alone is any run. Without
 * `dot`, no segment it crosses starts with `.`. Returns the index after what it compiled, or -1 (not a globstar).
 */
function globstar(prog: Inst[], chars: string, i: number, dot: boolean, segmentStart: boolean): number {
  const stars = (at: number) => chars[at] === '*' && chars[at + 1] === '*';
  const trailing = chars[i] === '/' && stars(i + 1) && i + 3 === chars.length;
  const leading = segmentStart && stars(i) && (chars[i + 2] === '/' || i + 2 === chars.length);
  if (!trailing && !leading) return -1;
  if (leading && i + 2 === chars.length) {
    loopAny(prog, true, !dot);
    return i + 2;
  }
  const split = prog.length;
  prog.push({ op: 'split', x: split + 1, y: -1 });
  if (trailing) prog.push({ op: 'char', c: '/' });
  loopAny(prog, true, !dot);
  if (leading) prog.push({ op: 'char', c: '/' });
  (prog[split] as { y: number }).y = prog.length;
  return i + 3;
}

function accepts(inst: Inst, ch: string, prev: string | undefined): boolean {
  if (inst.op === 'char') return inst.c === ch;
  if (inst.op === 'any')
    return (inst.slash || ch !== '/') && !(inst.noDot && ch === '.' && (prev === undefined || prev === '/'));
  if (inst.op !== 'class' || ch === '/') return false;
  const inside = inst.items.some(([from, to]) => ch >= from && ch <= to);
  return inside !== inst.negated;
}

/**
 * Adds `pc` and every state its splits, jumps and assertions reach before `upcoming` (the next character, or
 * undefined at the end) is read. An explicit stack: no recursion.
 */
function addState(prog: Inst[], set: Set<number>, pc: number, upcoming: string | undefined): void {
  const stack = [pc];
  while (stack.length > 0) {
    const at = stack.pop() as number;
    if (set.has(at)) continue;
    set.add(at);
    const inst = prog[at] as Inst;
    if (inst.op === 'split') stack.push(inst.y, inst.x);
    else if (inst.op === 'jmp') stack.push(inst.x);
    else if (inst.op === 'nodot' && upcoming !== '.') stack.push(at + 1);
  }
}

/** Simulates the automaton over `path`, code point by code point. */
function run(prog: Inst[], path: string): boolean {
  const chars = [...path];
  let current = new Set<number>();
  addState(prog, current, 0, chars[0]);
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k] as string;
    const prev = chars[k - 1];
    const next = new Set<number>();
    for (const pc of current)
      if (accepts(prog[pc] as Inst, ch, prev)) addState(prog, next, pc + 1, chars[k + 1]);
    if (next.size === 0) return false;
    current = next;
  }
  for (const pc of current) if ((prog[pc] as Inst).op === 'match') return true;
  return false;
}
