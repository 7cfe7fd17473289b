#!/usr/bin/env node
/**
 * Regenerates bench/corpus.json: which real files (installed npm packages, the Python and Go standard
 * libraries) the benchmark uses, with line counts, sizes and hashes so runs stay comparable. Run it only when
 * the pinned packages or the machine's Python/Go change: `node bench/make-corpus.js` (needs `npm run build`).
 *
 * Rules (deterministic for a given install):
 * - tiny (smoke test only): a whole file of about 100 lines, or the head of the small file cut at a
 *   top-level boundary near 80 lines;
 * - small (~500 lines) and medium (~5,000): whole files, or two whole files concatenated;
 * - large (~50,000): whole files concatenated in a fixed order until 50,000 lines (Go: go/types, net/http,
 *   go/ast, go/parser), or for JavaScript a slice
 *   of typescript/lib/_tsc.js cut at the top-level boundary nearest to 50,000 lines (the next boundary is
 *   ~90,000 lines in: createTypeChecker is one 44k-line function).
 * Slices are validated with Locus itself: the cut must leave no syntax error. Files starting with a shebang
 * are left out of concatenations (a `#!` line in the middle of a file is a syntax error).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO, hash, lineCount, partText, resolveSources } from './lib/sources.js';

const { createLocator } = await import(path.join(REPO, 'dist/index.js'));
const { roots, versions } = resolveSources();

const TOP_LEVEL = {
  python: /^(def |class |async def |@|[A-Za-z_][\w.]*\s*(=|:)|#|if |try:|from |import )/,
  typescript:
    /^(export |function |var |let |const |class |interface |type |async function |import |enum |abstract |declare |namespace |\/\/|\/\*)/,
  go: /^(func |type |var |const |import |\/\/|\/\*)/,
};
TOP_LEVEL.javascript = TOP_LEVEL.typescript;

/**
 * One corpus file: language, size class, name, and where its text comes from.
 * @typedef {{ files?: [string, string][], slice?: (string|number)[], concat?: () => any }} PartSpec
 * @type {[string, string, string, PartSpec][]}
 */
const PLAN = [
  ['python', 'tiny', 'bisect.py', { files: [['python_stdlib', 'bisect.py']] }],
  ['python', 'small', 'textwrap.py', { files: [['python_stdlib', 'textwrap.py']] }],
  [
    'python',
    'medium',
    'argparse_datetime.py',
    {
      files: [
        ['python_stdlib', 'argparse.py'],
        ['python_stdlib', 'datetime.py'],
      ],
    },
  ],
  ['python', 'large', 'stdlib_largest.py', { concat: () => largestPython() }],
  ['typescript', 'tiny', 'errors_head.ts', { slice: ['node_modules', 'zod/src/v4/core/errors.ts', 80] }],
  ['typescript', 'small', 'errors.ts', { files: [['node_modules', 'zod/src/v4/core/errors.ts']] }],
  ['typescript', 'medium', 'types.ts', { files: [['node_modules', 'zod/src/v3/types.ts']] }],
  ['typescript', 'large', 'npm_sources.ts', { concat: () => typescriptSources() }],
  [
    'javascript',
    'tiny',
    'cancellation.js',
    { files: [['node_modules', 'vscode-jsonrpc/lib/common/cancellation.js']] },
  ],
  [
    'javascript',
    'small',
    'messages.js',
    { files: [['node_modules', 'vscode-jsonrpc/lib/common/messages.js']] },
  ],
  ['javascript', 'medium', 'tsc_5k.js', { slice: ['node_modules', 'typescript/lib/_tsc.js', 5000] }],
  ['javascript', 'large', 'tsc_50k.js', { slice: ['node_modules', 'typescript/lib/_tsc.js', 50000] }],
  ['go', 'tiny', 'typestring_head.go', { slice: ['go_src', 'go/types/typestring.go', 80] }],
  ['go', 'small', 'typestring.go', { files: [['go_src', 'go/types/typestring.go']] }],
  ['go', 'medium', 'proc.go', { files: [['go_src', 'runtime/proc.go']] }],
  ['go', 'large', 'types_http.go', { concat: () => goSources() }],
];

function largestPython() {
  const dir = roots.python_stdlib;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.py'))
    .map((f) => ({ f, lines: lineCount(readFileSync(path.join(dir, f), 'utf8')) }))
    .sort((a, b) => b.lines - a.lines || a.f.localeCompare(b.f));
  return files.map(({ f }) => ['python_stdlib', f]);
}

function walk(dir, rel, out, skip) {
  for (const name of readdirSync(dir).sort()) {
    const abs = path.join(dir, name);
    const r = rel ? `${rel}/${name}` : name;
    if (skip(r, name)) continue;
    if (statSync(abs).isDirectory()) walk(abs, r, out, skip);
    else out.push(r);
  }
  return out;
}

function typescriptSources() {
  const skipDir = /^(node_modules|tests?|__tests__|spec|\.bin)$/;
  const files = walk(roots.node_modules, '', [], (_rel, name) => skipDir.test(name));
  return files
    .filter((f) => f.endsWith('.ts') && !/\.d\.[cm]?ts$/.test(f) && !/\.(test|spec)\.ts$/.test(f))
    .filter((f) => !readFileSync(path.join(roots.node_modules, f), 'utf8').startsWith('#!'))
    .map((f) => ['node_modules', f]);
}

function goSources() {
  const pick = (pkg) =>
    readdirSync(path.join(roots.go_src, pkg))
      .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))
      .sort()
      .map((f) => ['go_src', `${pkg}/${f}`]);
  return [...pick('go/types'), ...pick('net/http'), ...pick('go/ast'), ...pick('go/parser')];
}

function part(root, file, startLine, endLine) {
  const p = { root, file };
  if (startLine !== undefined) Object.assign(p, { startLine, endLine });
  const text = partText(roots, p);
  return { ...p, lines: lineCount(text), bytes: Buffer.byteLength(text), sha256: hash(text) };
}

/** Blank-line cut points whose next non-blank line starts a top-level construct. */
function boundaries(lines, language) {
  const out = [];
  for (let i = 1; i < lines.length - 1; i++) {
    if (lines[i].trim() !== '' || lines[i - 1].trim() === '') continue;
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === '') j++;
    if (j < lines.length && TOP_LEVEL[language].test(lines[j])) out.push(i);
  }
  return out;
}

async function validSlice(language, root, file, target) {
  const lines = readFileSync(path.join(roots[root], file), 'utf8').split('\n');
  const candidates = boundaries(lines, language).sort((a, b) => Math.abs(a - target) - Math.abs(b - target));
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-corpus-'));
  const locator = createLocator({ root: dir });
  try {
    for (const cut of candidates.slice(0, 30)) {
      const name = `probe-${cut}${path.extname(file)}`;
      writeFileSync(path.join(dir, name), `${lines.slice(0, cut).join('\n')}\n`);
      const outline = await locator.outline(name);
      if (outline.ok && !outline.syntax_error_lines) return part(root, file, 1, cut);
    }
    throw new Error(`no clean cut near ${target} lines in ${file}`);
  } finally {
    await locator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function entry([language, size, name, how]) {
  let parts;
  if (how.slice) parts = [await validSlice(language, ...how.slice)];
  else if (how.files) parts = how.files.map(([root, file]) => part(root, file));
  else {
    parts = [];
    let total = 0;
    for (const [root, file] of how.concat()) {
      if (total >= 50_000) break;
      const p = part(root, file);
      parts.push(p);
      total += p.lines;
    }
  }
  const lines = parts.reduce((s, p) => s + p.lines, 0);
  const bytes = parts.reduce((s, p) => s + p.bytes, 0);
  return {
    id: `${language}-${size}`,
    language,
    size,
    file: `${language}/${size}/${name}`,
    lines,
    bytes,
    parts,
  };
}

const entries = [];
for (const plan of PLAN) {
  if (plan[3].slice?.[0] && !roots[plan[3].slice[0]]) continue;
  if (plan[3].files && !roots[plan[3].files[0][0]]) continue;
  if (plan[0] === 'go' && !roots.go_src) continue;
  entries.push(await entry(plan));
  const e = entries[entries.length - 1];
  console.log(`${e.id}: ${e.lines} lines, ${e.bytes} bytes, ${e.parts.length} part(s)`);
}
const corpus = {
  description:
    'Benchmark corpus: real code from installed npm packages, the Python stdlib and the Go stdlib. Regenerate with `node bench/make-corpus.js`.',
  roots: {
    node_modules: '<repo>/node_modules',
    python_stdlib: 'python3 sysconfig stdlib path',
    go_src: '$(go env GOROOT)/src',
  },
  versions,
  entries,
};
writeFileSync(path.join(REPO, 'bench/corpus.json'), `${JSON.stringify(corpus, null, 2)}\n`);
