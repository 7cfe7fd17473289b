/**
 * The `grep` side of the search check: how many times a find occurs in the files, counted by GNU `grep -oP` with a
 * pattern built from the find the way docs/locate-strings.md, "Find" reads it — word tokens whole (never part of a
 * longer word), blanks optional between tokens but required between two words, and an operator at either end
 * never part of a longer operator of the file's language (the language's operator list from the compiled library;
 * the reading is grep's own) — within one line.
 */
import { spawnSync } from 'node:child_process';
import { operatorTable } from '../../dist/locate/operators.js';

const PIECE = /[A-Za-z0-9_$]+|\s+|[^A-Za-z0-9_$\s]+/g;
const WORD = '[A-Za-z0-9_$]';
const PUNCT = '[^\\sA-Za-z0-9_$]';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const isWord = (piece) => /^[A-Za-z0-9_$]/.test(piece);

/** Characters that, right after `token`, would make the language's lexer read a longer operator. */
function extenders(token, operators) {
  const out = new Set();
  for (const op of operators) if (op.length > token.length && op.startsWith(token)) out.add(op[token.length]);
  return [...out].map((c) => escape(c)).join('');
}

/**
 * The Perl-compatible pattern for `find` in a language.
 * @param {string} find
 * @param {string} language
 */
export function grepPattern(find, language) {
  const operators = [...(operatorTable()[language] ?? [])].sort((a, b) => b.length - a.length);
  const pieces = find.match(PIECE)?.filter((p) => !/^\s+$/.test(p)) ?? [];
  let body = '';
  pieces.forEach((piece, i) => {
    if (i > 0) body += isWord(piece) && isWord(pieces[i - 1]) ? '[ \\t]+' : '[ \\t]*';
    body += escape(piece);
  });
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  const afterChars = isWord(last) ? WORD : extenders(last, operators);
  const after = afterChars ? `(?!${afterChars.startsWith('[') ? afterChars : `[${afterChars}]`})` : '';
  if (isWord(first)) return `(?<!${WORD})${body}${after}`;
  // An operator first: read the punctuation run from its start, operators longest first (atomic, as a lexer
  // does), and count only a match that starts where one of those tokens ends.
  const ops = operators.map(escape).join('|');
  const token = ops ? `(?>${ops}|${PUNCT})` : PUNCT;
  return `(?:(?<!${PUNCT})|\\G)(?:${token})*?\\K${body}${after}`;
}

/** Occurrences of `find` in `files` (relative to `root`) by `grep -oP`. */
export function grepCount(root, files, find, language) {
  const run = spawnSync('grep', ['-ohP', grepPattern(find, language), '--', ...files], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`grep failed: ${run.stderr}`);
  return run.stdout === '' ? 0 : run.stdout.split('\n').length - 1;
}
