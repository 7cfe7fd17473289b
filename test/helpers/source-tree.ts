/**
 * The source tree as the architecture guards read it: every `.ts` file under `src/`, its imports (static, `export
 * … from`, side-effect and literal `import()`), which of them are type-only (erased at run time), and the text with
 * comments blanked. The guards derive their lists from here, never from today's file names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Absolute path of `src/`. */
export const SRC = path.resolve(import.meta.dirname, '../../src');

/** Every `.ts` file under `dir` (absolute paths). */
export function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** A file's path relative to `src/`, with `/`. */
export function rel(file: string): string {
  return path.relative(SRC, file).split(path.sep).join('/');
}

/** One import of a module. */
export interface ImportEdge {
  spec: string;
  /** `import type …`, `export type … from`, or braces of `type` names only: nothing of it exists at run time. */
  typeOnly: boolean;
  /** `import('…')` with a literal path. */
  dynamic: boolean;
}

const STATIC_IMPORT = /^[ \t]*(?:import|export)\s+(type\s+)?([^'"`;]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^[ \t]*import\s*['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The imports of a file, in no particular order. */
export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(file, 'utf8');
  const edges: ImportEdge[] = [];
  for (const m of text.matchAll(STATIC_IMPORT)) {
    const clause = (m[2] ?? '').trim();
    edges.push({
      spec: m[3] as string,
      typeOnly: m[1] !== undefined || typeOnlyClause(clause),
      dynamic: false,
    });
  }
  for (const m of text.matchAll(SIDE_EFFECT_IMPORT))
    edges.push({ spec: m[1] as string, typeOnly: false, dynamic: false });
  for (const m of text.matchAll(DYNAMIC_IMPORT))
    edges.push({ spec: m[1] as string, typeOnly: false, dynamic: true });
  return edges;
}

/** `{ type A, type B }`: every named specifier is a type. */
function typeOnlyClause(clause: string): boolean {
  const braces = /^\{([^}]*)\}$/s.exec(clause);
  if (!braces) return false;
  const names = (braces[1] as string)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  return names.length > 0 && names.every((s) => s.startsWith('type '));
}

/** The source file a relative import names (`./x.js` → `x.ts`, a folder → its `index.ts`), if it exists. */
export function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(from), spec);
  for (const candidate of [target.replace(/\.js$/, '.ts'), `${target}.ts`, path.join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** A comment (group 1) or a string or template literal (group 2); a heuristic reading, not a parser. */
const COMMENT_OR_STRING =
  /(\/\*[\s\S]*?\*\/|\/\/[^\n]*)|('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)/g;

/** A file's text with comments replaced by spaces (strings and template literals kept). */
export function withoutComments(text: string): string {
  return text.replace(COMMENT_OR_STRING, (match, comment: string | undefined) =>
    comment === undefined ? match : match.replace(/[^\n]/g, ' '),
  );
}

/** The string and template literals of a file (comments left out), each with its line. */
export function stringLiterals(file: string): { line: number; text: string }[] {
  const text = readFileSync(file, 'utf8');
  const found: { line: number; text: string }[] = [];
  for (const m of text.matchAll(COMMENT_OR_STRING)) {
    if (m[2] === undefined) continue;
    found.push({ line: text.slice(0, m.index).split('\n').length, text: m[2] });
  }
  return found;
}

/**
 * The strongly connected groups of a directed graph with more than one node (Tarjan): each group is a circle of
 * imports, listed with its members sorted.
 */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** A file parsed by the TypeScript compiler (for guards that need more than a pattern). */
export function parsed(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The local names an import binds for `name` of modules whose specifier matches `from` (`import { a as b }`). */
export function localNames(source: ts.SourceFile, from: RegExp, name: string): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!from.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if ((element.propertyName ?? element.name).text === name) names.push(element.name.text);
    }
  }
  return names;
}

/**
 * Calls of the named functions made inside a loop (a poll), with their lines; also in a callback written inside the
 * loop (`await new Promise((r) => setTimeout(r, 20))`), not in a function or class merely declared there. A wait for
 * the next event of a `Wakeup` (`waitFor(x.next, ms)`, core/wait-for.ts) is not a pause: the loop looks again when
 * something happened, not every so often.
 */
export function callsInLoops(source: ts.SourceFile, callees: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node, inLoop: boolean): void => {
    if (ts.isFunctionDeclaration(node) || ts.isClassLike(node) || ts.isMethodDeclaration(node))
      inLoop = false;
    if (ts.isIterationStatement(node, false)) inLoop = true;
    if (inLoop && ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      if (callees.has(node.expression.text) && !waitsForEvent(node)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${node.expression.text} at line ${line}`);
      }
    }
    ts.forEachChild(node, (child) => visit(child, inLoop));
  };
  visit(source, false);
  return found;
}

/** `f(x.next, …)`: the call waits for a `Wakeup`'s next event. */
function waitsForEvent(call: ts.CallExpression): boolean {
  const first = call.arguments[0];
  return first !== undefined && ts.isPropertyAccessExpression(first) && first.name.text === 'next';
}

const TEXT_ENCODINGS = new Set([
  'utf8',
  'utf-8',
  'latin1',
  'binary',
  'ascii',
  'ucs2',
  'ucs-2',
  'utf16le',
  'utf-16le',
]);
const FILE_READS = new Set(['readFileSync', 'readFile']);

/** The name a call is made by: `f(…)` → f, `a.b.f(…)` → f. */
function calleeName(call: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** True for an encoding argument: `'utf8'`, or `{ encoding: … }`. */
function isEncodingArgument(node: ts.Expression | undefined): boolean {
  if (node === undefined) return false;
  if (ts.isStringLiteralLike(node)) return TEXT_ENCODINGS.has(node.text.toLowerCase());
  return (
    ts.isObjectLiteralExpression(node) &&
    node.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'encoding')
  );
}

/**
 * Where a file turns bytes into text, with lines: a file read with an encoding, `.toString(encoding)` or
 * `.toString()` of a read, a `TextDecoder`/`StringDecoder`, `setEncoding`, a BOM stripped by a regex.
 */
export function decodingSites(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const at = (node: ts.Node, what: string): void => {
    found.push(`${what} at line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name !== undefined && FILE_READS.has(name) && isEncodingArgument(node.arguments[1])) at(node, name);
      if (name === 'setEncoding') at(node, name);
      if (name === 'toString' && ts.isPropertyAccessExpression(node.expression)) {
        const target = node.expression.expression;
        const ofRead = ts.isCallExpression(target) && FILE_READS.has(calleeName(target) ?? '');
        if (isEncodingArgument(node.arguments[0]) || (node.arguments.length === 0 && ofRead))
          at(node, 'toString');
      }
    }
    if (ts.isNewExpression(node) && ['TextDecoder', 'StringDecoder'].includes(calleeName(node) ?? '')) {
      at(node, calleeName(node) as string);
    }
    if (ts.isRegularExpressionLiteral(node) && /^\/\^(?:\\uFEFF|\uFEFF)/i.test(node.text)) at(node, 'BOM');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
