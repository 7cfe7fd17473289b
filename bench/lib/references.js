/**
 * The reference side of the agreement harness: what a compiler-grade tool says the symbols of a file are, recorded
 * once per project release and kept in `bench/references/<project>.json` (so a run needs no server: the suite stays
 * fast and the numbers are reproducible). The references are:
 * - clangd's, gopls's, pyright's and TypeScript's `textDocument/documentSymbol` (through Locus's own LSP layer),
 *   clangd's with the compile flags of the project (`compile_flags.txt`), as the file's text names them
 *   (`clangdAsWritten`);
 * - for Bash, bash's own parser (bash-language-server shares tree-sitter-bash's blind spots): the script is wrapped in
 *   a function with `eval` (nothing runs) and `declare -f` prints it back in canonical form, where every function
 *   definition not inside another one is read off with its nesting.
 * Only the kinds the harness counts are kept (`COUNTED_KINDS`), each as `[kind, dotted path, line, character]`
 * (0-based name position).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { COUNTED_KINDS } from './agreement.js';
import { flattenDocumentSymbols } from './servers.js';
import { REPO } from './sources.js';

/** Where the recorded references live. */
export const REFERENCE_DIR = path.join(REPO, 'bench/references');

/** The built-in adapter that records each kind of reference. */
const ADAPTER = { clangd: 'clangd', gopls: 'gopls', pyright: 'pyright', typescript: 'typescript' };

/**
 * The stored reference of a project, or undefined when none was recorded.
 * @param {import('./corpora.js').Project} project
 */
export function loadReference(project) {
  const file = path.join(REFERENCE_DIR, `${project.id}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Writes a project's reference (one line per file, so a re-recording diffs by file). */
export function saveReference(project, reference) {
  const { files, ...head } = reference;
  const body = Object.entries(files)
    .map(([file, symbols]) => `  ${JSON.stringify(file)}: ${JSON.stringify(symbols)}`)
    .join(',\n');
  const text = `${JSON.stringify(head, null, 1).slice(0, -2)},\n "files": {\n${body}\n }\n}\n`;
  mkdirSync(REFERENCE_DIR, { recursive: true });
  writeFileSync(path.join(REFERENCE_DIR, `${project.id}.json`), text);
}

/**
 * Records the reference of `files` (relative to `root`) with the project's tool.
 * @param {any} lib the compiled library (bench/lib/locus.js `loadLibrary`)
 * @param {import('./corpora.js').Project} project
 * @returns {Promise<{ tool: string, files: Record<string, [string, string, number, number][]> }>}
 */
export async function recordReference(lib, project, root, files) {
  if (project.reference === 'bash') {
    /** @type {Record<string, [string, string, number, number][]>} */
    const out = {};
    for (const file of files) out[file] = bashSymbols(path.join(root, file));
    return { tool: `bash ${bashVersion()}`, files: out };
  }
  if (project.flags) writeFileSync(path.join(root, 'compile_flags.txt'), `${project.flags.join('\n')}\n`);
  const manager = new lib.lsp.LspManager({ workspaceRoot: root, config: { requestTimeoutMs: 300_000 } });
  /** @type {Record<string, [string, string, number, number][]>} */
  const out = {};
  let tool = ADAPTER[project.reference];
  try {
    for (const file of files) {
      const absPath = path.join(root, file);
      const text = readFileSync(absPath, 'utf8');
      const session = manager.sessionFor(absPath, project.language);
      const answer = await session.documentSymbol(absPath, text);
      const info = session.info();
      tool = `${info.serverName ?? tool} ${info.serverVersion ?? ''}`.trim();
      const symbols =
        project.reference === 'clangd' ? clangdAsWritten(answer.result, text.split('\n')) : answer.result;
      out[file] = flattenDocumentSymbols(symbols)
        .filter((s) => COUNTED_KINDS.has(s.kind))
        .map((s) => [s.kind, s.path, s.position.line, s.position.character]);
    }
  } finally {
    await manager.closeAll();
  }
  return { tool, files: out };
}

/**
 * clangd's symbols as the file's text names them: out-of-line definitions by their qualified name (`StrPair::Reset`)
 * become path segments as Locus splits them; a macro expansion's own entry (`FMT_BEGIN_NAMESPACE`, kind String)
 * and the namespaces its expansion opens (`fmt`, `v9`, named nowhere in this file's text) give way to their
 * children: Locus reads a file as written and does not expand macros (docs/languages.md).
 */
export function clangdAsWritten(symbols, lines) {
  return (symbols ?? []).flatMap((s) => {
    const children = s.children ? clangdAsWritten(s.children, lines) : undefined;
    if (s.kind === 15 || (s.kind === 3 && !writtenAt(s, lines))) return children ?? [];
    return [{ ...s, name: qualifiedAsPath(s.name), ...(children ? { children } : {}) }];
  });
}

/** `StrPair::Reset` → `StrPair.Reset`; `::` inside template arguments or an operator's type stays. */
function qualifiedAsPath(name) {
  if (name.startsWith('operator')) return name;
  let depth = 0;
  let out = '';
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '<' || c === '(') depth++;
    else if ((c === '>' || c === ')') && depth > 0) depth--;
    if (depth === 0 && name.startsWith('::', i)) {
      out += '.';
      i++;
    } else out += c;
  }
  return out;
}

function writtenAt(symbol, lines) {
  const at = symbol.selectionRange?.start;
  return at !== undefined && (lines[at.line] ?? '').startsWith(symbol.name, at.character);
}

/** Bash without start-up files or inherited settings: a `BASH_ENV` script (pyenv's, here) would run before every parse. */
const BARE_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' };

function bashVersion() {
  return spawnSync('bash', ['--norc', '--noprofile', '-c', 'echo $BASH_VERSION'], {
    encoding: 'utf8',
    env: BARE_ENV,
  }).stdout.trim();
}

/**
 * Function definitions by bash's own parser (nothing is executed: the script becomes a function body), each at the
 * position of its definition in the file: the k-th definition of a name is the k-th line that defines it.
 */
/** @returns {[string, string, number, number][]} */
export function bashSymbols(absPath) {
  const script = 'eval "__locus_wrap() {\n$(cat "$1")\n}" && declare -f __locus_wrap';
  const run = spawnSync('bash', ['--norc', '--noprofile', '-O', 'extglob', '-c', script, '_', absPath], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: BARE_ENV,
  });
  if (run.status !== 0) throw new Error(`bash could not parse ${absPath}: ${run.stderr}`);
  const paths = bashDefinitions(run.stdout);
  const lines = readFileSync(absPath, 'utf8').split('\n');
  const seen = new Map();
  return paths.map((p) => {
    const name = p.split('.').pop();
    const k = seen.get(name) ?? 0;
    seen.set(name, k + 1);
    const position = definitionLine(lines, name, k);
    /** @type {[string, string, number, number]} */
    const symbol = ['function', p, position?.line ?? -1, position?.character ?? -1];
    return symbol;
  });
}

/** Dotted paths of the definitions in `declare -f` output, nested under the functions that define them. */
function bashDefinitions(printed) {
  const out = [];
  const open = [];
  for (const line of printed.split('\n').slice(2)) {
    const close = /^(\s*)\}/.exec(line);
    if (close && open.length && open[open.length - 1].indent === close[1].length) {
      open.pop();
      continue;
    }
    const def = /^(\s*)(?:function )?([^\s()]+) \(\) *$/.exec(line);
    if (!def) continue;
    const outer = open.map((o) => o.name);
    out.push([...outer, def[2]].join('.'));
    open.push({ name: def[2], indent: def[1].length });
  }
  return out;
}

/** The k-th line of the file that defines `name` (`name()`, `name ()`, `function name`). */
function definitionLine(lines, name, k) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`^(\\s*(?:function\\s+)?)${escaped}(?=\\s*\\(\\s*\\)|\\s+[{(]|\\s*$)`);
  let seen = 0;
  for (let line = 0; line < lines.length; line++) {
    const m = re.exec(lines[line]);
    if (!m || (!/function\s/.test(m[1]) && !/\(\s*\)/.test(lines[line].slice(m[0].length)))) continue;
    if (seen++ === k) return { line, character: m[1].length };
  }
  return undefined;
}
