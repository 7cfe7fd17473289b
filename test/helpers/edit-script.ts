/**
 * Realistic single edits for the differential outline test (test/syntax/update-differential.test.ts): rename an
 * identifier, insert or delete a line, copy a declaration elsewhere, delete a declaration, break the syntax
 * and repair it on the next edit. Seeded (mulberry32), so a failure reproduces from its seed.
 */
import type { Outline, OutlineSymbol } from '../../src/locate/outline.js';
import { flattenOutline } from '../../src/locate/outline.js';
import { seededRandom } from './seeded-random.js';

/** One replacement: `removed` at `at` becomes `inserted`. */
export interface ScriptedEdit {
  kind: string;
  at: number;
  removed: string;
  inserted: string;
}

/** The text after the edit. */
export function applyEdit(text: string, edit: ScriptedEdit): string {
  return text.slice(0, edit.at) + edit.inserted + text.slice(edit.at + edit.removed.length);
}

/** The edit for a failure message: kind, line:column, what was removed and inserted. */
export function describeEdit(text: string, edit: ScriptedEdit): string {
  const before = text.slice(0, edit.at);
  const line = before.split('\n').length;
  const column = edit.at - before.lastIndexOf('\n');
  return `${edit.kind} at ${line}:${column} (offset ${edit.at}): ${JSON.stringify(edit.removed)} → ${JSON.stringify(edit.inserted)}`;
}

/** Words a half-typed keyword is cut from (only those occurring in the text are used). */
const KEYWORDS = [
  'function',
  'class',
  'def',
  'func',
  'fun',
  'fn',
  'struct',
  'interface',
  'public',
  'private',
  'static',
  'return',
  'const',
  'local',
  'impl',
  'enum',
  'trait',
  'object',
  'module',
  'namespace',
  'protocol',
  'val',
  'var',
];
const BREAKERS = ['(', '{', ' )(', '[', '"', '<', ',', ':'];
const SUFFIXES = ['2', 'X', '_new', 'Renamed'];

/** Edits in a seeded order; a syntax break is always followed by its repair. */
export class EditScript {
  private readonly next: () => number;
  private repair: ScriptedEdit | undefined;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  /** The next edit of `text`, whose fresh outline is `outline`; undefined only for an empty text. */
  edit(text: string, outline: Outline): ScriptedEdit | undefined {
    if (this.repair) {
      const repair = this.repair;
      this.repair = undefined;
      return repair;
    }
    const symbols = flattenOutline(outline.symbols);
    for (let attempt = 0; attempt < 20; attempt++) {
      const edit = this.tryKind(text, symbols, this.pick(KINDS));
      if (edit && edit.removed !== edit.inserted) {
        if (edit.kind.startsWith('break')) {
          this.repair = { kind: 'repair', at: edit.at, removed: edit.inserted, inserted: edit.removed };
        }
        return edit;
      }
    }
    return undefined;
  }

  private tryKind(text: string, symbols: readonly OutlineSymbol[], kind: Kind): ScriptedEdit | undefined {
    switch (kind) {
      case 'rename':
        return this.rename(text, symbols);
      case 'insert-line':
        return this.insertLine(text);
      case 'delete-line':
        return this.deleteLine(text);
      case 'copy-declaration':
        return this.copyDeclaration(text, symbols);
      case 'delete-declaration':
        return this.deleteDeclaration(text, symbols);
      case 'break':
        return this.breakSyntax(text);
    }
  }

  /** A symbol's name half the time, else any identifier; gains a suffix or loses its last character. */
  private rename(text: string, symbols: readonly OutlineSymbol[]): ScriptedEdit | undefined {
    let span: { start: number; end: number } | undefined;
    if (symbols.length > 0 && this.next() < 0.5) span = this.pick(symbols).nameSpan;
    else {
      const words = [...text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)];
      if (words.length === 0) return undefined;
      const word = this.pick(words);
      span = { start: word.index, end: word.index + word[0].length };
    }
    const name = text.slice(span.start, span.end);
    const renamed = this.next() < 0.25 && name.length > 1 ? name.slice(0, -1) : name + this.pick(SUFFIXES);
    return { kind: 'rename', at: span.start, removed: name, inserted: renamed };
  }

  /** A copy of another line (or a blank line) before a random line. */
  private insertLine(text: string): ScriptedEdit {
    const lines = lineStarts(text);
    const at = this.pick(lines);
    const from = this.pick(lines);
    const copied = this.next() < 0.2 ? '\n' : text.slice(from, lineEndAfter(text, from));
    return { kind: 'insert-line', at, removed: '', inserted: copied.endsWith('\n') ? copied : copied + '\n' };
  }

  private deleteLine(text: string): ScriptedEdit {
    const at = this.pick(lineStarts(text));
    return { kind: 'delete-line', at, removed: text.slice(at, lineEndAfter(text, at)), inserted: '' };
  }

  /** A declaration's whole lines, copied right after the lines of another (or the same) declaration. */
  private copyDeclaration(text: string, symbols: readonly OutlineSymbol[]): ScriptedEdit | undefined {
    if (symbols.length === 0) return undefined;
    const source = wholeLines(text, this.pick(symbols).fullSpan);
    const at = wholeLines(text, this.pick(symbols).fullSpan).end;
    return { kind: 'copy-declaration', at, removed: '', inserted: text.slice(source.start, source.end) };
  }

  private deleteDeclaration(text: string, symbols: readonly OutlineSymbol[]): ScriptedEdit | undefined {
    if (symbols.length === 0) return undefined;
    const lines = wholeLines(text, this.pick(symbols).fullSpan);
    return {
      kind: 'delete-declaration',
      at: lines.start,
      removed: text.slice(lines.start, lines.end),
      inserted: '',
    };
  }

  /** An unbalanced bracket or stray token after a word, a deleted closing bracket, or a half-typed keyword. */
  private breakSyntax(text: string): ScriptedEdit | undefined {
    const roll = this.next();
    if (roll < 0.4) {
      const words = [...text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)];
      if (words.length === 0) return undefined;
      const word = this.pick(words);
      return {
        kind: 'break-bracket',
        at: word.index + word[0].length,
        removed: '',
        inserted: this.pick(BREAKERS),
      };
    }
    if (roll < 0.6) {
      const closers = [...text.matchAll(/[)}\]]/g)];
      if (closers.length === 0) return undefined;
      const closer = this.pick(closers);
      return { kind: 'break-closer', at: closer.index, removed: closer[0], inserted: '' };
    }
    const keywords = KEYWORDS.filter((k) => new RegExp(`\\b${k}\\b`).test(text));
    if (keywords.length === 0) return undefined;
    const keyword = this.pick(keywords);
    const half = keyword.slice(0, 1 + Math.floor(this.next() * (keyword.length - 1)));
    const at = this.pick(lineStarts(text));
    const indent = /^[ \t]*/.exec(text.slice(at))?.[0] ?? '';
    return { kind: 'break-keyword', at: at + indent.length, removed: '', inserted: `${half}\n${indent}` };
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

const KINDS = [
  'rename',
  'insert-line',
  'delete-line',
  'copy-declaration',
  'delete-declaration',
  'break',
] as const;
type Kind = (typeof KINDS)[number];

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0 && i + 1 < text.length; i = text.indexOf('\n', i + 1))
    starts.push(i + 1);
  return starts;
}

/** The end of the line starting at `start`, past its line break. */
function lineEndAfter(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end < 0 ? text.length : end + 1;
}

/** The span widened to whole lines, the last line break included. */
function wholeLines(text: string, span: { start: number; end: number }): { start: number; end: number } {
  const start = text.lastIndexOf('\n', span.start - 1) + 1;
  return { start, end: lineEndAfter(text, Math.max(span.end - 1, start)) };
}
