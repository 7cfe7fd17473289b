/**
 * A deliberately simple lexer for the benchmark: identifier occurrences outside comments and strings
 * (Python, TypeScript/JavaScript, Go, plus a fallback), and a line index for offset ⇄ LSP position.
 * It only picks positions to test; it never decides correctness, so being approximate on exotic syntax
 * (nested template literals, regex edge cases) costs at most a few positions.
 */

const KEYWORDS = {
  python:
    'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case self',
  typescript:
    'abstract any as async await boolean break case catch class const constructor continue debugger declare default delete do else enum export extends false finally for from function get if implements import in instanceof interface keyof let module namespace never new null number object of private protected public readonly return set static string super switch symbol this throw true try type typeof undefined unique unknown var void while with yield',
  go: 'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false iota',
};
KEYWORDS.javascript = KEYWORDS.typescript;
const KEYWORD_SETS = Object.fromEntries(Object.entries(KEYWORDS).map(([k, v]) => [k, new Set(v.split(' '))]));

const WORD_START = /[\p{L}\p{Nl}_$]/u;
const WORD_PART = /[\p{L}\p{M}\p{Nd}\p{Pc}$]/u;
const REGEX_PREV_WORDS = new Set(
  'return typeof case do else in of new delete void throw yield await'.split(' '),
);

/** Offset just past the string/comment starting at `i`, or -1 when none starts there. */
function skipPython(text, i) {
  const c = text[i];
  if (c === '#') return lineEnd(text, i);
  let j = i;
  while (j < i + 2 && /[rRbBuUfF]/.test(text[j] ?? '')) j++;
  const q = text[j];
  if (q !== '"' && q !== "'") return -1;
  if (j > i && WORD_PART.test(text[i - 1] ?? '')) return -1;
  const triple = text.startsWith(q.repeat(3), j);
  const close = triple ? q.repeat(3) : q;
  let k = j + close.length;
  while (k < text.length) {
    if (text[k] === '\\') k += 2;
    else if (text.startsWith(close, k)) return k + close.length;
    else if (!triple && text[k] === '\n') return k;
    else k++;
  }
  return text.length;
}

function skipQuoted(text, i, q, multiline) {
  let k = i + 1;
  while (k < text.length) {
    if (text[k] === '\\') k += 2;
    else if (text[k] === q) return k + 1;
    else if (!multiline && text[k] === '\n') return k;
    else k++;
  }
  return text.length;
}

function lineEnd(text, i) {
  const n = text.indexOf('\n', i);
  return n < 0 ? text.length : n;
}

function skipBlockComment(text, i) {
  const end = text.indexOf('*/', i + 2);
  return end < 0 ? text.length : end + 2;
}

function skipRegex(text, i) {
  let k = i + 1;
  let inClass = false;
  while (k < text.length && text[k] !== '\n') {
    const c = text[k];
    if (c === '\\') {
      k += 2;
      continue;
    }
    if (c === '/' && !inClass) {
      k++;
      while (k < text.length && WORD_PART.test(text[k])) k++;
      return k;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    k++;
  }
  return k;
}

/** Template literal: returns [end, holes] where holes are [start, end) ranges of `${…}` code. */
function skipTemplate(text, i) {
  let k = i + 1;
  const holes = [];
  while (k < text.length) {
    const c = text[k];
    if (c === '\\') k += 2;
    else if (c === '`') return [k + 1, holes];
    else if (c === '$' && text[k + 1] === '{') {
      let depth = 1;
      const start = k + 2;
      k += 2;
      while (k < text.length && depth > 0) {
        if (text[k] === '{') depth++;
        else if (text[k] === '}') depth--;
        else if (text[k] === '`') k = skipTemplate(text, k)[0] - 1;
        else if (text[k] === '"' || text[k] === "'") k = skipQuoted(text, k, text[k], false) - 1;
        k++;
      }
      holes.push([start, k - 1]);
    } else k++;
  }
  return [text.length, holes];
}

/**
 * Identifier occurrences (start offset and text) outside comments and strings; keywords excluded.
 * @param {string} text
 * @param {string} language python | typescript | javascript | go (others: no string/comment rules)
 * @param {number} [from] start offset
 * @param {number} [to] end offset
 * @returns {{offset:number,text:string}[]}
 */
export function identifiers(text, language, from = 0, to = text.length) {
  const out = [];
  const keywords = KEYWORD_SETS[language] ?? new Set();
  const c_like = language === 'typescript' || language === 'javascript' || language === 'go';
  const js = language === 'typescript' || language === 'javascript';
  let prev = ''; // previous significant token (for the regex-or-division decision)
  let i = from;
  while (i < to) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    let skip = -1;
    if (language === 'python') skip = skipPython(text, i);
    else if (c_like && c === '/' && text[i + 1] === '/') skip = lineEnd(text, i);
    else if (c_like && c === '/' && text[i + 1] === '*') skip = skipBlockComment(text, i);
    else if (c_like && (c === '"' || c === "'")) skip = skipQuoted(text, i, c, false);
    else if (language === 'go' && c === '`') skip = skipQuoted(text, i, '`', true);
    else if (js && c === '`') {
      const [end, holes] = skipTemplate(text, i);
      for (const [s, e] of holes) out.push(...identifiers(text, language, s, e));
      skip = end;
    } else if (
      js &&
      c === '/' &&
      (prev === '' || /^[(,=:[!&|?{};+\-*%<>~^]$/.test(prev) || REGEX_PREV_WORDS.has(prev))
    )
      skip = skipRegex(text, i);
    if (skip >= 0) {
      i = Math.max(skip, i + 1);
      prev = 'x';
      continue;
    }
    if (WORD_START.test(c) && !(c === '$' && !js)) {
      let j = i + 1;
      while (j < text.length && WORD_PART.test(text[j]) && !(text[j] === '$' && !js)) j++;
      const word = text.slice(i, j);
      if (!keywords.has(word) && !/^\d/.test(word)) out.push({ offset: i, text: word });
      prev = word;
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (j < text.length && /[\w.]/.test(text[j])) j++;
      prev = '0';
      i = j;
      continue;
    }
    prev = c;
    i++;
  }
  return out;
}

/** Line starts of a text (LSP line breaks: \n, \r\n, \r). */
export class Lines {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
    this.starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 && text.charCodeAt(i + 1) === 10) continue;
      if (c === 10 || c === 13) this.starts.push(i + 1);
    }
  }

  /** LSP position (0-based line, UTF-16 character) of an offset. */
  position(offset) {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - this.starts[lo] };
  }

  /** Offset of an LSP position (undefined when the line does not exist). */
  offset(position) {
    const start = this.starts[position.line];
    return start === undefined ? undefined : start + position.character;
  }

  get count() {
    return this.starts.length;
  }
}

/** `line:col` (1-based) display of an LSP position. */
export function display(position) {
  return `${position.line + 1}:${position.character + 1}`;
}

/** True when two LSP positions are equal. */
export function samePosition(a, b) {
  return !!a && !!b && a.line === b.line && a.character === b.character;
}
