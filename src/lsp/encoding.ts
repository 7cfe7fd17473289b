/**
 * Position-encoding boundary: callers always give and get UTF-16 positions; a server that negotiated `utf-8` or
 * `utf-32` gets its positions converted here, line by line, using the text the server has for each file (the
 * synced document, else the file on disk). With `utf-16` every function returns its input untouched.
 */
import {
  columnFromEncoding,
  columnToEncoding,
  type LineIndex,
  type PositionEncoding,
} from '../core/index.js';
import type {
  CodeAction,
  Command,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  Hover,
  InsertReplaceEdit,
  Location,
  LocationLink,
  Position,
  PrepareRenameResult,
  Range,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';

/** Gives the line index of the text the server has for a URI (undefined when unreadable). */
export type LinesOf = (uri: string) => LineIndex | undefined;

/** Converts positions between UTF-16 (callers) and the negotiated encoding (server). */
export class PositionMapper {
  readonly encoding: PositionEncoding;
  private readonly linesOf: LinesOf;

  constructor(encoding: PositionEncoding, linesOf: LinesOf) {
    this.encoding = encoding;
    this.linesOf = linesOf;
  }

  /** True when nothing needs converting. */
  get identity(): boolean {
    return this.encoding === 'utf-16';
  }

  /** UTF-16 position → server position. */
  toServer(uri: string, position: Position): Position {
    if (this.identity) return position;
    const line = this.linesOf(uri)?.lineText(position.line) ?? '';
    return { line: position.line, character: columnToEncoding(line, position.character, this.encoding) };
  }

  /** UTF-16 range → server range. */
  rangeToServer(uri: string, range: Range): Range {
    if (this.identity) return range;
    return { start: this.toServer(uri, range.start), end: this.toServer(uri, range.end) };
  }

  /** Server position → UTF-16 position. */
  position(uri: string, position: Position): Position {
    if (this.identity) return position;
    const line = this.linesOf(uri)?.lineText(position.line) ?? '';
    return { line: position.line, character: columnFromEncoding(line, position.character, this.encoding) };
  }

  /** Server range → UTF-16 range. */
  range(uri: string, range: Range): Range {
    if (this.identity) return range;
    return { start: this.position(uri, range.start), end: this.position(uri, range.end) };
  }

  /** Locations (each in its own file). */
  locations(locations: Location[]): Location[] {
    if (this.identity) return locations;
    return locations.map((l) => ({ ...l, range: this.range(l.uri, l.range) }));
  }

  /** Location links (origin in `originUri`, targets in their files). */
  links(originUri: string, links: LocationLink[]): LocationLink[] {
    if (this.identity) return links;
    return links.map((l) => ({
      ...l,
      originSelectionRange: l.originSelectionRange && this.range(originUri, l.originSelectionRange),
      targetRange: this.range(l.targetUri, l.targetRange),
      targetSelectionRange: this.range(l.targetUri, l.targetSelectionRange),
    }));
  }

  /** Text edits of one file. */
  textEdits<T extends TextEdit>(uri: string, edits: T[]): T[] {
    if (this.identity) return edits;
    return edits.map((e) => ({ ...e, range: this.range(uri, e.range) }));
  }

  /** A workspace edit: `changes` and the text edits in `documentChanges` (server → UTF-16 unless `toServer`). */
  workspaceEdit(edit: WorkspaceEdit, toServer = false): WorkspaceEdit {
    if (this.identity) return edit;
    const convert = toServer ? this.rangeToServer.bind(this) : this.range.bind(this);
    const textEdits = <T extends TextEdit>(uri: string, edits: T[]): T[] =>
      edits.map((e) => ({ ...e, range: convert(uri, e.range) }));
    const result: WorkspaceEdit = { ...edit };
    if (edit.changes) {
      result.changes = Object.fromEntries(
        Object.entries(edit.changes).map(([uri, edits]) => [uri, textEdits(uri, edits)]),
      );
    }
    if (edit.documentChanges) {
      result.documentChanges = edit.documentChanges.map((change) =>
        'textDocument' in change
          ? { ...change, edits: textEdits(change.textDocument.uri, change.edits as TextEdit[]) }
          : change,
      );
    }
    return result;
  }

  /** Hover (its optional range is in the request's file). */
  hover(uri: string, hover: Hover): Hover {
    if (this.identity || !hover.range) return hover;
    return { ...hover, range: this.range(uri, hover.range) };
  }

  /** Completion list: edit ranges of items and of the defaults. */
  completion(uri: string, list: CompletionList): CompletionList {
    if (this.identity) return list;
    const editRange = list.itemDefaults?.editRange;
    const itemDefaults = list.itemDefaults && {
      ...list.itemDefaults,
      editRange:
        editRange &&
        ('insert' in editRange ? this.insertReplace(uri, editRange) : this.range(uri, editRange)),
    };
    return { ...list, itemDefaults, items: list.items.map((item) => this.completionItem(uri, item)) };
  }

  /** One completion item. */
  completionItem(uri: string, item: CompletionItem): CompletionItem {
    if (this.identity) return item;
    const textEdit = item.textEdit;
    return {
      ...item,
      textEdit:
        textEdit &&
        ('range' in textEdit
          ? { ...textEdit, range: this.range(uri, textEdit.range) }
          : this.insertReplace(uri, textEdit)),
      additionalTextEdits: item.additionalTextEdits && this.textEdits(uri, item.additionalTextEdits),
    };
  }

  /** Document symbols, hierarchical or flat. */
  symbols(
    uri: string,
    symbols: DocumentSymbol[] | SymbolInformation[],
  ): DocumentSymbol[] | SymbolInformation[] {
    if (this.identity) return symbols;
    return symbols.map((s) =>
      'location' in s
        ? { ...s, location: this.locations([s.location])[0] as Location }
        : this.documentSymbol(uri, s),
    ) as DocumentSymbol[] | SymbolInformation[];
  }

  /** Prepare-rename answer: a range, a range with placeholder, or default behaviour. */
  prepareRename(uri: string, result: PrepareRenameResult): PrepareRenameResult {
    if (this.identity) return result;
    if ('start' in result) return this.range(uri, result);
    if ('range' in result) return { ...result, range: this.range(uri, result.range) };
    return result;
  }

  /** Code actions and commands (request file for diagnostics, edit for every file). */
  codeActions(uri: string, actions: (Command | CodeAction)[]): (Command | CodeAction)[] {
    if (this.identity) return actions;
    return actions.map((a) =>
      'command' in a && typeof a.command === 'string' ? a : this.codeAction(uri, a as CodeAction),
    );
  }

  /** One code action (server → UTF-16, or back with `toServer` before `codeAction/resolve`). */
  codeAction(uri: string, action: CodeAction, toServer = false): CodeAction {
    if (this.identity) return action;
    return {
      ...action,
      diagnostics:
        action.diagnostics && this.diagnostics(uri, action.diagnostics, toServer ? 'toServer' : 'fromServer'),
      edit: action.edit && this.workspaceEdit(action.edit, toServer),
    };
  }

  /** Diagnostics of one file, in either direction. */
  diagnostics(uri: string, diagnostics: Diagnostic[], direction: 'toServer' | 'fromServer'): Diagnostic[] {
    if (this.identity) return diagnostics;
    const convert = direction === 'toServer' ? this.rangeToServer.bind(this) : this.range.bind(this);
    return diagnostics.map((d) => ({ ...d, range: convert(uri, d.range) }));
  }

  private documentSymbol(uri: string, symbol: DocumentSymbol): DocumentSymbol {
    return {
      ...symbol,
      range: this.range(uri, symbol.range),
      selectionRange: this.range(uri, symbol.selectionRange),
      children: symbol.children?.map((child) => this.documentSymbol(uri, child)),
    };
  }

  private insertReplace(uri: string, edit: InsertReplaceEdit): InsertReplaceEdit;
  private insertReplace(
    uri: string,
    edit: { insert: Range; replace: Range },
  ): { insert: Range; replace: Range };
  private insertReplace<T extends { insert: Range; replace: Range }>(uri: string, edit: T): T {
    return { ...edit, insert: this.range(uri, edit.insert), replace: this.range(uri, edit.replace) };
  }
}
