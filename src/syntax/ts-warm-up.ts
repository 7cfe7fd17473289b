/**
 * A text that goes through most of the TypeScript parser and of `TsWalker` once, right after the
 * compiler is loaded (docs/performance.md, "broken code"): V8 compiles a function on its first call, so the
 * first few fallback parses of a process cost 5–12 ms each for 2–3 KB regions. Parsing this once in the
 * call that loads the compiler (~0.5 s) moves that cost into it.
 */
export const WARM_UP_TEXT = `import { a, type B } from './a.js';
export * from './b.js';
/** A doc comment. */
@decorator()
export abstract class Base<T extends object = {}> extends Parent<T> implements Shape {
  static readonly count: number = 0;
  private value?: string;
  #secret = 1;
  constructor(private readonly name: string, public size = 2) { super(); }
  get area(): number { return this.size ** 2; }
  set area(v) { this.size = Math.sqrt(v); }
  abstract draw(ctx: Context): void;
  async *items<K extends keyof T>(key: K): AsyncGenerator<T[K]> { yield* []; }
  [Symbol.iterator]() { return [].values(); }
}
export interface Shape { readonly id: string; area: number; draw?(x: number, ...rest: unknown[]): void }
export type Maybe<T> = T | null | { kind: 'x'; value: T extends string ? \`s\${T}\` : never };
export enum Color { Red = 1, Green = 'g', Blue = Red << 2 }
declare module 'm' { export function f(): void; }
export namespace NS.Inner { export const x = 1; }
export default function main(this: Window, { a, b: [c, d] }: Args = {} as Args): void {
  const f = async (x: number): Promise<void> => { await x; };
  let y = (x) => x ?? 1, z = function named() {};
  var { p, ...q } = obj, [r] = arr;
  for (const k of list) if (k in obj) { try { throw new Error(\`e \${k}\`); } catch { continue; } }
  while (i-- > 0) switch (i) { case 1: break; default: i = (i as any)!; }
  do { i?.j?.[k]?.(l); } while (false);
  return void (x satisfies Y, /re+/g.test(s), typeof z === 'object' && delete o.p);
}
export const obj = { a: 1, 'b': [2], [c]: 3, d() {}, get e() { return 1; }, ...rest } as const;
var Kind = /* @__PURE__ */ ((Kind2) => { Kind2[Kind2["A"] = 0] = "A"; return Kind2; })(Kind || {});
module.exports.thing = function () {};
exports.other = class {};
function broken( )( {
`;
