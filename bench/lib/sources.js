/**
 * Where the corpus comes from: installed npm packages, the machine's Python standard library and the Go
 * standard library (when golang-go is installed). Roots are resolved at run time; `bench/corpus.json` names
 * files relative to them.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository (the parent of bench/). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function run(command, args) {
  try {
    const result = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
    return result.status === 0 ? result.stdout.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The corpus roots and the versions that produced them.
 * @returns {{roots: Record<string, string|undefined>, versions: Record<string, string|undefined>, missing: Record<string,string>}}
 */
export function resolveSources() {
  const stdlib = run('python3', ['-c', 'import sysconfig;print(sysconfig.get_paths()["stdlib"])']);
  const goroot = run('go', ['env', 'GOROOT']);
  const roots = {
    node_modules: path.join(REPO, 'node_modules'),
    python_stdlib: stdlib && existsSync(stdlib) ? stdlib : undefined,
    go_src: goroot && existsSync(path.join(goroot, 'src')) ? path.join(goroot, 'src') : undefined,
  };
  /** @type {Record<string, string>} */
  const missing = {};
  if (!roots.python_stdlib) missing.python_stdlib = 'python3 not found (the Python corpus is skipped)';
  if (!roots.go_src) missing.go_src = 'go not found: apt-get install golang-go (the Go corpus is skipped)';
  const versions = {
    python: run('python3', ['-c', 'import platform;print(platform.python_version())']),
    go: run('go', ['env', 'GOVERSION']),
    typescript: packageVersion('typescript'),
    zod: packageVersion('zod'),
    'vscode-jsonrpc': packageVersion('vscode-jsonrpc'),
  };
  return { roots, versions, missing };
}

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(path.join(REPO, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** SHA-256 (hex, first 16 chars) of a text. */
export function hash(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Number of lines as LSP counts them, ignoring one final line break (what `wc -l` says for normal files). */
export function lineCount(text) {
  if (text.length === 0) return 0;
  const breaks = (text.match(/\r\n|\r|\n/g) ?? []).length;
  return /(\r\n|\r|\n)$/.test(text) ? breaks : breaks + 1;
}

/**
 * The text of one corpus part: a whole file, or lines `startLine..endLine` (1-based, inclusive).
 * @param {Record<string,string|undefined>} roots
 * @param {{root:string,file:string,startLine?:number,endLine?:number}} part
 */
export function partText(roots, part) {
  const base = roots[part.root];
  if (!base) return undefined;
  const text = readFileSync(path.join(base, part.file), 'utf8');
  if (part.startLine === undefined) return ensureNewline(text);
  const lines = text.split('\n');
  return ensureNewline(lines.slice(part.startLine - 1, part.endLine).join('\n'));
}

/** The text with exactly one trailing line break added when missing. */
export function ensureNewline(text) {
  return text.endsWith('\n') ? text : `${text}\n`;
}
