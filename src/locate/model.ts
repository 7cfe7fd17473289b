/**
 * The locate model of docs/locate-strings.md: where in a file an agent means, as plain data.
 */

/** A scope naming a declaration by its path (`["Cart", "total"]`); `symbol_index` picks among same-path symbols. */
export interface SymbolScope {
  symbol_path: string[];
  symbol_index?: number;
}

/** A scope of lines N..M, 1-based, inclusive both ends. */
export interface LineScope {
  start_line: number;
  end_line: number;
}

/** Either kind of scope. */
export type Scope = SymbolScope | LineScope;

/** A description of one position (or, as LocateRange, one range) in a file. */
export interface Locate {
  file_path: string;
  scope?: Scope;
  find?: string;
  find_index?: number;
}

/** Same shape as Locate; resolves to a range instead of a position. */
export type LocateRange = Locate;

/** True for a SymbolScope. */
export function isSymbolScope(scope: Scope | undefined): scope is SymbolScope {
  return scope !== undefined && 'symbol_path' in scope;
}

/** True for a LineScope. */
export function isLineScope(scope: Scope | undefined): scope is LineScope {
  return scope !== undefined && 'start_line' in scope;
}
