/**
 * Same-named symbols of one file that are one thing to read or edit (docs/locate-strings.md, "Overloads and
 * declarations"): an overload group — TypeScript/JavaScript signatures followed by their implementation, C++
 * or Java overloaded declarations written one after another, Python `@overload` stubs before the real `def` — and
 * a declaration with its definition further down (a C prototype at the top of a `.c`). `source` and `edit` take
 * the group's whole range, or the definition; `[K]` still picks one member.
 */
import type { Span } from '../core/positions.js';
import type { OutlineSymbol } from './outline.js';

/** Languages whose bodies are `{…}` blocks: a member without one is a signature or a declaration. */
const BRACE_LANGUAGES = new Set([
  'c',
  'cpp',
  'typescript',
  'tsx',
  'javascript',
  'java',
  'csharp',
  'kotlin',
  'swift',
  'scala',
  'php',
  'rust',
  'go',
]);
const CALLABLE = new Set(['function', 'method', 'constructor']);
const OVERLOAD_DECORATOR = /^\s*@(?:typing\.)?overload\b/;
const BRACE_COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const HASH_COMMENTS = /#[^\n]*/g;

/** What a symbol scope naming several same-path symbols reads or edits. */
export interface SameNamedTarget {
  span: Span;
  symbol: OutlineSymbol;
  note: string;
}

/**
 * The range a whole-symbol read or edit of `symbols` (same path, document order) covers: an overload group's
 * first to last member, or the one definition among declarations; undefined when they are separate things.
 */
export function sameNamedTarget(
  text: string,
  language: string,
  symbols: readonly OutlineSymbol[],
  label: string,
): SameNamedTarget | undefined {
  if (symbols.length < 2 || !symbols.every((s) => CALLABLE.has(s.kind))) return undefined;
  const signature = symbols.map((s) => isSignature(text, language, s));
  if (signature.every((bodiless) => bodiless === undefined)) return undefined;
  const first = symbols[0] as OutlineSymbol;
  const last = symbols[symbols.length - 1] as OutlineSymbol;
  if (signature.slice(0, -1).every(Boolean) && adjacent(text, language, symbols)) {
    return {
      span: { start: first.fullSpan.start, end: last.fullSpan.end },
      symbol: last,
      note: `${symbols.length} declarations of ${label} form one overload group; used all of them (one alone: ${label}[0] … ${label}[${symbols.length - 1}])`,
    };
  }
  const bodies = symbols.filter((_, i) => signature[i] === false);
  if (bodies.length !== 1 || signature.some((s) => s === undefined)) return undefined;
  const body = bodies[0] as OutlineSymbol;
  const index = symbols.indexOf(body);
  return {
    span: body.fullSpan,
    symbol: body,
    note: `used the definition of ${label} (${label}[${index}]); the other ${symbols.length - 1} declaration(s) have no body`,
  };
}

/** True for a member without a body, false for one with a body, undefined when the language does not say. */
function isSignature(text: string, language: string, symbol: OutlineSymbol): boolean | undefined {
  const whole = text.slice(symbol.fullSpan.start, symbol.fullSpan.end);
  if (language === 'python') return OVERLOAD_DECORATOR.test(whole);
  if (!BRACE_LANGUAGES.has(language)) return undefined;
  const rest = text.slice(symbol.nameSpan.end, symbol.fullSpan.end).trimEnd();
  return !rest.endsWith('}');
}

/** True when only blanks and comments separate each member from the next (a `#if` line does not). */
function adjacent(text: string, language: string, symbols: readonly OutlineSymbol[]): boolean {
  const comments = language === 'python' ? HASH_COMMENTS : BRACE_COMMENTS;
  for (let i = 1; i < symbols.length; i++) {
    const before = symbols[i - 1] as OutlineSymbol;
    const between = text.slice(before.fullSpan.end, (symbols[i] as OutlineSymbol).fullSpan.start);
    if (between.replace(comments, '').trim() !== '') return false;
  }
  return true;
}
