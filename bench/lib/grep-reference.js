/**
 * The `grep` side of the search check: how many times a find occurs in the files, counted by GNU `grep -oP` with a
 * pattern built from the find's tokens the way docs/locate-strings.md, "Find" reads them — word tokens whole
 * (never part of a longer word), blanks optional between tokens but required between two words, an operator never
 * part of a longer operator (no operator character right before or after it) — within one line.
 */
import { spawnSync } from 'node:child_process';

const WORD = /[A-Za-z0-9_$]+|\s+|[^A-Za-z0-9_$\s]+/g;
const OPERATOR_CHARS = String.raw`\-+*/%=<>!&|^:.?`;

/** The Perl-compatible pattern for `find`. */
export function grepPattern(find) {
  const pieces = find.match(WORD)?.filter((p) => !/^\s+$/.test(p)) ?? [];
  const isWord = (p) => /^[A-Za-z0-9_$]/.test(p);
  let out = '';
  pieces.forEach((piece, i) => {
    if (i > 0) out += isWord(piece) && isWord(pieces[i - 1]) ? '[ \\t]+' : '[ \\t]*';
    out += piece.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  });
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  const before = isWord(first) ? '(?<![A-Za-z0-9_$])' : `(?<![${OPERATOR_CHARS}])`;
  const after = isWord(last) ? '(?![A-Za-z0-9_$])' : `(?![${OPERATOR_CHARS}])`;
  return `${before}${out}${after}`;
}

/** Occurrences of `find` in `files` (relative to `root`) by `grep -oP`. */
export function grepCount(root, files, find) {
  const run = spawnSync('grep', ['-ohP', grepPattern(find), '--', ...files], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`grep failed: ${run.stderr}`);
  return run.stdout === '' ? 0 : run.stdout.split('\n').length - 1;
}
