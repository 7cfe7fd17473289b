/**
 * Ruby hooks: `class A::B` is named `A.B`; `def self.x` is a method of the enclosing class and
 * `def Obj.x` is `Obj.x`; a `def` outside any class or module is a function; `attr_*` and
 * `define_method` symbols lose their colon; `X = Struct.new(…)` / `Class.new` is a class.
 */
import type { Node } from 'web-tree-sitter';
import type { Candidate, LanguageHooks, SymbolMatch } from '../hooks.js';
import { nodeSpan } from '../node-utils.js';

const CLASS_FACTORY = /^(?:::)?(?:Struct\.new|Class\.new|Data\.define)\b/;
const MODULE_FACTORY = /^(?:::)?Module\.new\b/;

/** Hooks for the Ruby grammar. */
export const hooks: LanguageHooks = {
  refine(match, defaults) {
    if (!defaults || !match.name) return null;
    switch (match.name.type) {
      case 'scope_resolution':
        return scoped(match.name, match.text, defaults);
      case 'simple_symbol':
        return symbolName(match.name, match.text, defaults);
      default:
        break;
    }
    if (match.node.type === 'singleton_method') return singleton(match, defaults);
    if (match.node.type === 'assignment' && match.kind === 'constant') return factory(match, defaults);
    if (match.kind === 'variable') return { ...defaults, unique: true };
    return defaults;
  },
  place(candidate, { ancestors }) {
    const parent = ancestors[ancestors.length - 1];
    if (candidate.kind !== 'method' || candidate.qualifier) return undefined;
    return parent?.kind === 'class' || parent?.kind === 'module' ? undefined : { kind: 'function' };
  },
};

/** `A::B::C` → qualifier `A.B`, name `C`; a leading `::` (top-level constant) is dropped. */
function scoped(name: Node, text: string, defaults: Candidate): Candidate {
  const last = name.childForFieldName('name') ?? name;
  const scope = name.childForFieldName('scope');
  const qualifier = scope ? text.slice(scope.startIndex, scope.endIndex).split('::') : [];
  return {
    ...defaults,
    name: text.slice(last.startIndex, last.endIndex),
    nameSpan: nodeSpan(last),
    qualifier: qualifier.map((s) => s.trim()).filter((s) => s.length > 0),
  };
}

/** `:items` → `items`, name range without the colon. */
function symbolName(name: Node, text: string, defaults: Candidate): Candidate {
  const start = text[name.startIndex] === ':' ? name.startIndex + 1 : name.startIndex;
  return { ...defaults, name: text.slice(start, name.endIndex), nameSpan: { start, end: name.endIndex } };
}

/** `def self.x` stays under its class; `def Obj.x` gets the qualifier `Obj`. */
function singleton(match: SymbolMatch, defaults: Candidate): Candidate {
  const object = match.node.childForFieldName('object');
  if (!object || object.type === 'self') return defaults;
  const qualifier = match.text.slice(object.startIndex, object.endIndex).split('::');
  return { ...defaults, qualifier: qualifier.map((s) => s.trim()).filter((s) => s.length > 0) };
}

/** `Point = Struct.new(…) do … end` declares a class (`Module.new` a module). */
function factory(match: SymbolMatch, defaults: Candidate): Candidate {
  const right = match.node.childForFieldName('right');
  const value = right ? match.text.slice(right.startIndex, right.endIndex) : '';
  if (CLASS_FACTORY.test(value)) return { ...defaults, kind: 'class' };
  if (MODULE_FACTORY.test(value)) return { ...defaults, kind: 'module' };
  return defaults;
}
