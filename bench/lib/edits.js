/**
 * Realistic edits for the stability section, each with a way to map an old offset to where the same token is
 * afterwards: insertions map exactly; reformatting maps through the longest common subsequence of the word
 * tokens (formatters move words, they do not change them).
 */
import { diffArrays } from 'diff';

const COMMENT = { python: '#', go: '//', typescript: '//', javascript: '//' };

const FUNCTION = {
  python: (k) =>
    `def inserted_helper_${k}(value):\n    """Added above the target."""\n    return value + ${k}\n\n\n`,
  typescript: (k) => `function insertedHelper${k}(value: number): number {\n  return value + ${k};\n}\n\n`,
  javascript: (k) => `function insertedHelper${k}(value) {\n  return value + ${k};\n}\n\n`,
  go: (k) => `func insertedHelper${k}(value int) int {\n\treturn value + ${k}\n}\n\n`,
};

/** An insertion of `inserted` at `at`, with its exact offset map. */
function insertion(text, at, inserted) {
  return {
    text: text.slice(0, at) + inserted + text.slice(at),
    map: (offset) => (offset >= at ? offset + inserted.length : offset),
  };
}

/** Three comment lines inserted at the very top (after a shebang line, if any). */
export function insertLinesAtTop(text, language) {
  const c = COMMENT[language] ?? '#';
  const at = text.startsWith('#!') ? text.indexOf('\n') + 1 : 0;
  return insertion(
    text,
    at,
    `${c} Added by the benchmark:\n${c} three lines at the top\n${c} of the file.\n`,
  );
}

/** A new function inserted at the start of the line holding `offset` (a top-level declaration start). */
export function insertFunctionAt(text, language, offset, k) {
  const at = text.lastIndexOf('\n', offset - 1) + 1;
  return insertion(text, at, FUNCTION[language](k));
}

const WORD = /[\p{L}\p{M}\p{Nd}\p{Pc}$]+/gu;

function words(text) {
  return [...text.matchAll(WORD)].map((m) => ({ offset: m.index, text: m[0] }));
}

/** Maps old word offsets to new ones through the LCS of the word sequences. */
export function wordMapper(oldText, newText) {
  const a = words(oldText);
  const b = words(newText);
  const changes = diffArrays(
    a.map((w) => w.text),
    b.map((w) => w.text),
  );
  const map = new Map();
  let i = 0;
  let j = 0;
  for (const change of changes) {
    const n = change.count ?? change.value.length;
    if (change.added) j += n;
    else if (change.removed) i += n;
    else for (let k = 0; k < n; k++) map.set(a[i++].offset, b[j++].offset);
  }
  return (offset) => map.get(offset);
}

function reindentPython(text) {
  const out = [];
  let blank = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (blank++ === 0) out.push('');
      continue;
    }
    blank = 0;
    const indent = /^ */.exec(line)[0].length;
    const body = indent % 4 === 0 ? ' '.repeat(indent / 2) + line.slice(indent) : line;
    out.push(body);
    if (/^\s*(async\s+def|def|class)\s.*:\s*$/.test(line)) out.push('');
  }
  return out.join('\n');
}

function reindentGo(text) {
  const out = [];
  for (const line of text.split('\n')) {
    out.push(line.replace(/^\t+/, (tabs) => '    '.repeat(tabs.length)));
    if (/\{\s*$/.test(line) && !line.trimStart().startsWith('//')) out.push('');
  }
  return out.join('\n');
}

/**
 * Reformats a file: Prettier (defaults) for TypeScript/JavaScript, re-indent (4 → 2 spaces) and blank-line
 * changes for Python, tabs → spaces and blank lines after `{` for Go.
 * @returns {Promise<{text:string, map:(offset:number)=>number|undefined, how:string}>}
 */
export async function reformat(text, language) {
  let formatted;
  let how;
  if (language === 'typescript' || language === 'javascript') {
    try {
      const prettier = await import('prettier');
      formatted = await prettier.format(text, { parser: language === 'typescript' ? 'typescript' : 'babel' });
      how = `prettier ${prettier.version} defaults`;
    } catch (error) {
      formatted = text.replace(/^( {2})+/gm, (s) => s + s);
      how = `re-indent 2 → 4 spaces (prettier unavailable: ${error.message.split('\n')[0]})`;
    }
  } else if (language === 'python') {
    formatted = reindentPython(text);
    how = 're-indent 4 → 2 spaces, blank lines collapsed, a blank line after each def/class header';
  } else {
    formatted = reindentGo(text);
    how = 'tabs → 4 spaces, a blank line after each line ending in `{`';
  }
  return { text: formatted, map: wordMapper(text, formatted), how };
}
