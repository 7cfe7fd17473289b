/**
 * Which of several same-named symbols a workspace-wide locate string means (docs/workspace.md, "One answer
 * where there is one"): a type rather than its own constructors (`XMLDocument` is the class, not
 * `XMLDocument.XMLDocument`), and a function's definition rather than its declarations (`jq_next` is the body in
 * `execute.c`, not the prototype in `jq.h`). The ones set aside are named in a note, each with its locate string.
 * Anything else stays ambiguous; an explicit `[K]` is never second-guessed (the caller does not ask).
 */
import type { IndexedSymbol } from '../../index/index.js';
import type { SymbolKindName } from '../../locate/outline.js';
import type { Workspace } from '../../workspace/workspace.js';
import { symbolLocate } from './workspace-misses.js';

const TYPES = new Set<SymbolKindName>(['class', 'struct', 'interface', 'enum']);
const CALLABLES = new Set<SymbolKindName>(['function', 'method', 'constructor']);
/** Candidates whose text is read to tell a definition from a declaration. */
const MAX_READ = 50;
/** Declarations named in the note. */
const MAX_NAMED = 3;

/** The candidates left once types win over their constructors and a definition over its declarations. */
export function preferOne(
  workspace: Workspace,
  symbols: IndexedSymbol[],
  find: string | undefined,
): { symbols: IndexedSymbol[]; notes: string[] } {
  const notes: string[] = [];
  let left = withoutConstructorsOfTypes(symbols, find, notes);
  if (left.length > 1) left = definitionOverDeclarations(workspace, left, find, notes);
  return { symbols: left, notes };
}

/**
 * Drops constructors whose class is a candidate too (path = the class's path + its name) when that leaves one;
 * otherwise the types are listed first.
 */
function withoutConstructorsOfTypes(
  symbols: IndexedSymbol[],
  find: string | undefined,
  notes: string[],
): IndexedSymbol[] {
  const types = new Set(symbols.filter((s) => TYPES.has(s.kind)).map((s) => s.path.join('\u0000')));
  if (types.size === 0) return symbols;
  const isConstructorOfType = (s: IndexedSymbol): boolean =>
    CALLABLES.has(s.kind) && types.has(s.path.slice(0, -1).join('\u0000')) && s.path.at(-2) === s.name;
  const constructors = symbols.filter(isConstructorOfType);
  const left = symbols.filter((s) => !isConstructorOfType(s));
  if (constructors.length > 0 && left.length === 1) {
    notes.push(`resolved to the ${left[0]?.kind}; its constructors: ${named(constructors, find)}`);
    return left;
  }
  return [...symbols.filter((s) => TYPES.has(s.kind)), ...symbols.filter((s) => !TYPES.has(s.kind))];
}

/**
 * One callable path with exactly one body among its declarations → that body; one type definition among type
 * aliases of its name (`typedef struct jq_state jq_state;` in the header) → that definition.
 */
function definitionOverDeclarations(
  workspace: Workspace,
  symbols: IndexedSymbol[],
  find: string | undefined,
  notes: string[],
): IndexedSymbol[] {
  if (symbols.length > MAX_READ) return symbols;
  const path = symbols[0]?.path.join('\u0000');
  const samePath = symbols.every((s) => s.path.join('\u0000') === path);
  let definitions: IndexedSymbol[] = [];
  if (samePath && symbols.every((s) => CALLABLES.has(s.kind)))
    definitions = symbols.filter((s) => hasBody(workspace, s));
  else if (symbols.every((s) => TYPES.has(s.kind) || s.kind === 'type'))
    definitions = symbols.filter((s) => TYPES.has(s.kind));
  if (definitions.length !== 1) return symbols;
  const declarations = symbols.filter((s) => s !== definitions[0]);
  notes.push(`resolved to the definition; declared at ${named(declarations, find)}`);
  return definitions;
}

/** True when the symbol's text ends with a block (`{…}`), not a `;` (a prototype or an overload signature). */
function hasBody(workspace: Workspace, symbol: IndexedSymbol): boolean {
  try {
    const { text } = workspace.readText(symbol.file);
    const source = text.slice(symbol.nameEnd, symbol.fullEnd).trimEnd();
    return source.endsWith('}') && source.includes('{');
  } catch {
    return false; // gone or unreadable since the index saw it: not the one to answer with
  }
}

function named(symbols: IndexedSymbol[], find: string | undefined): string {
  const shown = symbols.slice(0, MAX_NAMED).map((s) => `\`${symbolLocate(s, find)}\``);
  const more = symbols.length > MAX_NAMED ? ` and ${symbols.length - MAX_NAMED} more` : '';
  return `${shown.join(', ')}${more}`;
}
