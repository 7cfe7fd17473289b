/**
 * Agreement on real C, C++ and Bash projects (docs/languages.md): Locus's outline versus a reference.
 * C/C++: clangd's `documentSymbol` per file (matched by dotted path and name position, bench/lib/agreement.js).
 * Bash: bash-language-server shares tree-sitter-bash's blind spots, so the reference is bash's own parser: the
 * script is wrapped in a function with `eval` (nothing runs) and `declare -f` prints it back, where top-level
 * definitions are the lines `    name () ` — a line scan of bash's canonical output (`bash -n` semantics).
 * Corpora come from Debian (see CORPORA below); a missing one is skipped loudly with the command to get it.
 * Run alone: `node bench/sections/agreement.js [corpora-dir]` (after `npx tsc -p tsconfig.build.json`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareSymbols } from '../lib/agreement.js';
import { flattenOutline, loadLibrary } from '../lib/locus.js';

const GET =
  'echo "Types: deb-src\\nURIs: http://deb.debian.org/debian\\nSuites: bookworm\\nComponents: main\\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg" > /etc/apt/sources.list.d/src.sources && apt-get update && cd $DIR && apt-get source lua5.4 zlib tinyxml2 sqlite3 && apt-get download neofetch bash-completion && for d in *.deb; do dpkg-deb -x $d deb-${d%%_*}; done';

/** Projects: folder under the corpora dir, language, files (relative, filtered by extension). */
export const CORPORA = [
  { name: 'lua 5.4.4', dir: 'lua-5.4.4/src', kind: 'c', ext: /\.[ch]$/ },
  { name: 'zlib 1.2.13', dir: 'zlib-1.2.13.dfsg', kind: 'c', ext: /\.[ch]$/ },
  { name: 'tinyxml2 9.0.0', dir: 'tinyxml2-9.0.0', kind: 'c', ext: /^tinyxml2\.(h|cpp)$/ },
  {
    name: 'sqlite 3.40.1 (sqlite3.h, shell.c)',
    dir: 'sqlite-amalgamation',
    kind: 'c',
    ext: /^(sqlite3\.h|shell\.c)$/,
  },
  { name: 'neofetch 7.1.0', dir: 'deb-neofetch/usr/bin', kind: 'bash', ext: /^neofetch$/ },
  {
    name: 'bash-completion 2.11',
    dir: 'deb-bash-completion/usr/share/bash-completion',
    kind: 'bash',
    ext: /^bash_completion$/,
  },
];
const COUNTED = new Set(['function', 'method', 'constructor', 'class', 'struct']);

/** Runs every corpus present under `base`. */
export async function runAgreement(lib, base) {
  const projects = [];
  for (const corpus of CORPORA) {
    const root = path.join(base, corpus.dir);
    if (!existsSync(root)) {
      projects.push({
        name: corpus.name,
        skipped: `missing ${root}; get it with: DIR=${base} sh -c '${GET}'`,
      });
      continue;
    }
    const files = readdirSync(root)
      .filter((f) => corpus.ext.test(f))
      .sort();
    projects.push(
      corpus.kind === 'bash'
        ? await bashProject(lib, corpus, root, files)
        : await cProject(lib, corpus, root, files),
    );
  }
  return { projects };
}

/** The counts of one project, before any file is compared. */
function emptyTally(corpus, files) {
  return {
    name: corpus.name,
    files: files.length,
    reference: 0,
    both: 0,
    onlyLocus: [],
    onlyReference: [],
    moved: [],
    wrong: [],
  };
}

async function cProject(lib, corpus, root, files) {
  const locator = lib.createLocator({ root });
  const manager = new lib.lsp.LspManager({ workspaceRoot: root, config: { requestTimeoutMs: 300_000 } });
  const out = { ...emptyTally(corpus, files), design: [] };
  try {
    for (const file of files) {
      const absPath = path.join(root, file);
      const outline = await locator.outline(file);
      if (!outline.ok) continue;
      const flat = flattenOutline(outline.symbols).map((s) => ({ ...s, path: s.path }));
      const text = readFileSync(absPath, 'utf8');
      const language = outline.language;
      const answer = await manager.sessionFor(absPath, language).documentSymbol(absPath, text);
      const cmp = compareSymbols(flat, unqualified(answer.result));
      const counted = (kind) => COUNTED.has(kind);
      const lines = text.split('\n');
      out.reference += cmp.matched.filter((m) => counted(m.serverKind)).length;
      out.both += cmp.matched.filter((m) => counted(m.serverKind)).length;
      for (const m of cmp.moved.filter((x) => counted(x.serverKind))) {
        out.reference++;
        out.moved.push(`${file}:${m.path}`);
      }
      for (const m of cmp.onlyServer) {
        if (!counted(m.kind)) continue;
        const design = designDifference(m, lines);
        if (design) out.design.push(`${file}:${m.path} (${design})`);
        else {
          out.reference++;
          out.onlyReference.push(`${file}:${m.path}`);
        }
      }
      for (const m of cmp.renamed) {
        if (!counted(m.serverKind)) continue;
        // `struct S { struct T {…} *f; }`: Locus nests T under the field f (containment), clangd under S.
        const inField =
          m.path.split('.').length === m.serverPath.split('.').length + 1 &&
          m.path.endsWith(`.${m.serverPath.split('.').pop()}`);
        if (inField) out.design.push(`${file}:${m.path} (type declared in a field; clangd ${m.serverPath})`);
        else {
          out.reference++;
          out.moved.push(`${file}:${m.path} (clangd ${m.serverPath})`);
        }
      }
      for (const m of cmp.onlyLocus) if (counted(m.kind)) out.onlyLocus.push(`${file}:${m.path}`);
      for (const m of cmp.matched.filter((x) => counted(x.serverKind)).slice(0, 400))
        await checkLocate(locator, `${file}:${m.path}${m.index > 0 ? `[${m.index}]` : ''}`, m.path, out);
    }
  } finally {
    await manager.closeAll();
    await locator.close();
  }
  return out;
}

/**
 * Known design differences (docs/languages.md), listed apart: unnamed structs/unions (no path to name them),
 * forward declarations `struct X;` (Locus lists types where they are defined), names clangd reports after macro
 * expansion, and types declared inside a field declaration (nested under the field by containment).
 */
function designDifference(symbol, lines) {
  const name = symbol.path.split('.').pop();
  if (name.startsWith('(anonymous')) return 'unnamed';
  const line = lines[symbol.server.line] ?? '';
  // `#define re_match sqlite3re_match`: clangd names the function after expansion, Locus as written.
  if (!line.slice(symbol.server.character).startsWith(name)) return 'named after macro expansion';
  if (/^\s*(?:typedef\s+)?(?:struct|union|class|enum)\b[^{]*;/.test(line.slice(0)) && !line.includes('{'))
    return 'forward declaration';
  if (/\b(?:struct|union|class)\s+\w+\s*[*&]/.test(line)) return 'forward declaration in a type';
  return undefined;
}

/** clangd names out-of-line definitions by their qualified name (`StrPair::Reset`); Locus splits `::` into path segments. */
function unqualified(symbols) {
  return (symbols ?? []).map((s) => ({
    ...s,
    name: s.name.replace(/::/g, '.'),
    ...(s.children ? { children: unqualified(s.children) } : {}),
  }));
}

/** A wrong answer: a locate that succeeds on a symbol whose path is not the one it names. */
async function checkLocate(locator, locate, path, out) {
  const result = await locator.locate(locate);
  if (result.ok && result.symbol && result.symbol.path !== path && !result.symbol.path.endsWith(`.${path}`))
    out.wrong.push(`${locate} → ${result.symbol.path}`);
}

async function bashProject(lib, corpus, root, files) {
  const locator = lib.createLocator({ root });
  const out = emptyTally(corpus, files);
  try {
    for (const file of files) {
      const absPath = path.join(root, file);
      const reference = bashReference(absPath);
      const outline = await locator.outline(file);
      const ours = new Map(
        outline.ok ? outline.symbols.filter((s) => s.kind === 'function').map((s) => [s.name, s]) : [],
      );
      out.reference += reference.length;
      for (const name of reference) {
        if (ours.has(name)) out.both++;
        else out.onlyReference.push(`${file}:${name}`);
        await checkLocate(locator, `${file}:${name}`, name, out);
      }
      for (const name of ours.keys()) if (!reference.includes(name)) out.onlyLocus.push(`${file}:${name}`);
    }
  } finally {
    await locator.close();
  }
  return out;
}

/** Top-level function names by bash's own parser (nothing is executed: the script becomes a function body). */
export function bashReference(absPath) {
  const script = 'eval "__locus_wrap() {\n$(cat "$1")\n}" && declare -f __locus_wrap';
  const run = spawnSync('bash', ['-O', 'extglob', '-c', script, '_', absPath], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0) throw new Error(`bash could not parse ${absPath}: ${run.stderr}`);
  const names = [...run.stdout.matchAll(/^ {4}(?:function )?([A-Za-z_][\w:.-]*) \(\) *$/gm)].map((m) => m[1]);
  return [...new Set(names)];
}

/** Markdown table of the results. */
export function renderAgreement({ projects }) {
  const rows = projects.map((p) =>
    p.skipped
      ? `| ${p.name} | skipped: ${p.skipped} |||||| `
      : `| ${p.name} | ${p.files} | ${p.both}/${p.reference} (${((100 * p.both) / Math.max(1, p.reference)).toFixed(1)}%) | ${p.onlyLocus.length} | ${p.onlyReference.length} | ${p.moved.length} | ${p.wrong.length} |`,
  );
  const details = projects
    .filter((p) => !p.skipped)
    .map(
      (p) =>
        `- ${p.name}: only reference ${JSON.stringify(p.onlyReference.slice(0, 15))}; name/range ${JSON.stringify(p.moved.slice(0, 15))}; wrong ${JSON.stringify(p.wrong.slice(0, 10))}; known design differences (not counted): ${(p.design ?? []).length} ${JSON.stringify((p.design ?? []).slice(0, 6))}`,
    );
  return [
    '### Agreement on real C, C++ and Bash (functions, methods, classes, structs)',
    '| project | files | same name range | only Locus | only reference | name/range differ | wrong answers |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...details,
  ].join('\n');
}

/** Targets: ≥ 99% per C/C++ project, all functions in Bash, no wrong answers. */
export function agreementTargets({ projects }) {
  return projects
    .filter((p) => !p.skipped)
    .map((p) => ({
      what: `agreement ${p.name}`,
      target: '≥ 99%, 0 wrong',
      measured: `${p.both}/${p.reference}, ${p.wrong.length} wrong`,
      met: p.both >= 0.99 * p.reference && p.wrong.length === 0,
    }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lib = await loadLibrary();
  const result = await runAgreement(
    lib,
    process.argv[2] ?? process.env.LOCUS_CORPORA ?? '/tmp/cfamily-corpora',
  );
  console.log(renderAgreement(result));
  if (process.env.LOCUS_AGREEMENT_JSON)
    writeFileSync(process.env.LOCUS_AGREEMENT_JSON, JSON.stringify(result, null, 1));
}
