/**
 * The typed Session API: one method per LSP request the ops layer needs. Positions and ranges in and out are
 * UTF-16; see SessionRequests (session-requests.ts) for syncing, readiness, timing and error behaviour.
 */
import {
  CodeActionRequest,
  CodeActionResolveRequest,
  CompletionRequest,
  DeclarationRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  DocumentSymbolRequest,
  HoverRequest,
  ImplementationRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  SignatureHelpRequest,
  TypeDefinitionRequest,
  type CodeAction,
  type CodeActionContext,
  type Command,
  type CompletionContext,
  type CompletionItem,
  type CompletionList,
  type DocumentSymbol,
  type FormattingOptions,
  type Hover,
  type Location,
  type LocationLink,
  type Position,
  type PrepareRenameResult,
  type Range,
  type SignatureHelp,
  type SignatureHelpContext,
  type SymbolInformation,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import type { RequestType } from 'vscode-jsonrpc/node';
import type { CallScope } from '../core/call.js';
import { comparePositions } from '../core/positions.js';
import type { CapabilityName } from './capabilities.js';
import type { PositionMapper } from './encoding.js';
import { SessionRequests } from './session-requests.js';
import type { DefinitionKind } from '../core/operation-kinds.js';
import type { LspAnswer } from './types.js';
import { actionOnDisk, editsOnDisk, onDisk } from './on-disk.js';

type DefinitionResult = Location | Location[] | LocationLink[] | null;

const DEFINITION_REQUESTS: Record<
  DefinitionKind,
  [RequestType<unknown, DefinitionResult, unknown>, CapabilityName]
> = {
  definition: [DefinitionRequest.type as never, 'definitionProvider'],
  declaration: [DeclarationRequest.type as never, 'declarationProvider'],
  typeDefinition: [TypeDefinitionRequest.type as never, 'typeDefinitionProvider'],
  implementation: [ImplementationRequest.type as never, 'implementationProvider'],
};

/** How long code actions wait for a changed document's fresh diagnostics. */
const DIAGNOSTICS_WAIT_MS = 2000;

/** True when two ranges share a position (touching counts: a cursor at a diagnostic's edge). */
function overlaps(a: Range, b: Range): boolean {
  return comparePositions(a.end, b.start) >= 0 && comparePositions(b.end, a.start) >= 0;
}

/** Formatting options used when the caller gives none. */
export const DEFAULT_FORMATTING: FormattingOptions = { tabSize: 4, insertSpaces: true };

/** The typed LSP client of one (project root, server) pair. */
export class Session extends SessionRequests {
  /** The same session seen by one call: requests honour its abort signal and report to its progress listener. */
  forCall(call: CallScope | undefined): Session {
    if (call === undefined || (call.signal === undefined && call.onProgress === undefined)) return this;
    return new Session(this.adapter, this.root, this.supervisor, call);
  }

  /** Definition, declaration, type definition or implementation; always a list of Locations. */
  async definition(
    absPath: string,
    text: string,
    position: Position,
    kind: DefinitionKind = 'definition',
  ): Promise<LspAnswer<Location[]>> {
    const [type, capability] = DEFINITION_REQUESTS[kind];
    return this.run(absPath, text, {
      type,
      capability,
      ready: 'eager',
      params: (uri, m) => ({ textDocument: { uri }, position: m.toServer(uri, position) }),
      convert: (result, uri, m) => onDisk(toLocations(result, uri, m)),
      empty: (locations) => locations.length === 0,
    });
  }

  /** All references (with the declaration unless `includeDeclaration` is false). */
  async references(
    absPath: string,
    text: string,
    position: Position,
    includeDeclaration = true,
  ): Promise<LspAnswer<Location[]>> {
    return this.run(absPath, text, {
      type: ReferencesRequest.type,
      capability: 'referencesProvider',
      ready: 'wait',
      params: (uri, m) => ({
        textDocument: { uri },
        position: m.toServer(uri, position),
        context: { includeDeclaration },
      }),
      convert: (result, _uri, m) => onDisk(m.locations(result ?? [])),
    });
  }

  /** Whether and what can be renamed at the position (CAPABILITY_MISSING when the server has no prepareRename). */
  async prepareRename(
    absPath: string,
    text: string,
    position: Position,
  ): Promise<LspAnswer<PrepareRenameResult | null>> {
    return this.run(absPath, text, {
      type: PrepareRenameRequest.type,
      capability: 'renameProvider.prepareProvider',
      ready: 'wait',
      params: (uri, m) => ({ textDocument: { uri }, position: m.toServer(uri, position) }),
      convert: (result, uri, m) => (result === null ? null : m.prepareRename(uri, result)),
    });
  }

  /** The workspace edit renaming the symbol at the position to `newName` (nothing is written). */
  async rename(
    absPath: string,
    text: string,
    position: Position,
    newName: string,
  ): Promise<LspAnswer<WorkspaceEdit | null>> {
    return this.run(absPath, text, {
      type: RenameRequest.type,
      capability: 'renameProvider',
      ready: 'wait',
      params: (uri, m) => ({ textDocument: { uri }, position: m.toServer(uri, position), newName }),
      convert: (result, _uri, m) => (result === null ? null : editsOnDisk(m.workspaceEdit(result))),
    });
  }

  /** Hover information at the position. */
  async hover(absPath: string, text: string, position: Position): Promise<LspAnswer<Hover | null>> {
    return this.run(absPath, text, {
      type: HoverRequest.type,
      capability: 'hoverProvider',
      ready: 'eager',
      params: (uri, m) => ({ textDocument: { uri }, position: m.toServer(uri, position) }),
      convert: (result, uri, m) => (result === null ? null : m.hover(uri, result)),
      empty: (hover) => hover === null,
    });
  }

  /** Completion at the position, always as a CompletionList. */
  async completion(
    absPath: string,
    text: string,
    position: Position,
    context?: CompletionContext,
  ): Promise<LspAnswer<CompletionList>> {
    return this.run(absPath, text, {
      type: CompletionRequest.type,
      capability: 'completionProvider',
      ready: 'eager',
      params: (uri, m) => ({ textDocument: { uri }, position: m.toServer(uri, position), context }),
      convert: (result, uri, m) => m.completion(uri, toCompletionList(result)),
      empty: (list) => list.items.length === 0,
    });
  }

  /** Signature help at the position. */
  async signatureHelp(
    absPath: string,
    text: string,
    position: Position,
    context?: SignatureHelpContext,
  ): Promise<LspAnswer<SignatureHelp | null>> {
    return this.run(absPath, text, {
      type: SignatureHelpRequest.type,
      capability: 'signatureHelpProvider',
      ready: 'eager',
      params: (uri, m) => ({ textDocument: { uri }, position: m.toServer(uri, position), context }),
      convert: (result) => result,
      empty: (help) => help === null || help.signatures.length === 0,
    });
  }

  /** Code actions for a range (`context.diagnostics` defaults to none, `only` filters kinds). */
  async codeActions(
    absPath: string,
    text: string,
    range: Range,
    context: Partial<CodeActionContext> = {},
  ): Promise<LspAnswer<(Command | CodeAction)[]>> {
    return this.run(absPath, text, {
      type: CodeActionRequest.type,
      capability: 'codeActionProvider',
      ready: 'eager',
      // Quick fixes are offered for diagnostics passed back; without any, servers offer refactorings only.
      ...(context.diagnostics === undefined ? { diagnosticsWaitMs: DIAGNOSTICS_WAIT_MS } : {}),
      params: (uri, m, published) => {
        const serverRange = m.rangeToServer(uri, range);
        const diagnostics =
          context.diagnostics === undefined
            ? published.filter((d) => overlaps(d.range, serverRange))
            : m.diagnostics(uri, context.diagnostics, 'toServer');
        return { textDocument: { uri }, range: serverRange, context: { ...context, diagnostics } };
      },
      convert: (result, uri, m) => m.codeActions(uri, result ?? []).map(actionOnDisk),
      empty: (actions) => actions.length === 0,
    });
  }

  /** Fills in a code action's edit (`codeAction/resolve`); `absPath` is the file the action was asked for. */
  async resolveCodeAction(absPath: string, text: string, action: CodeAction): Promise<LspAnswer<CodeAction>> {
    return this.run(absPath, text, {
      type: CodeActionResolveRequest.type,
      capability: 'codeActionProvider.resolveProvider',
      ready: 'flag',
      params: (uri, m) => m.codeAction(uri, action, true),
      convert: (result, uri, m) => actionOnDisk(m.codeAction(uri, result)),
    });
  }

  /** Edits formatting the whole file. */
  async formatting(
    absPath: string,
    text: string,
    options = DEFAULT_FORMATTING,
  ): Promise<LspAnswer<TextEdit[]>> {
    return this.run(absPath, text, {
      type: DocumentFormattingRequest.type,
      capability: 'documentFormattingProvider',
      ready: 'none',
      params: (uri) => ({ textDocument: { uri }, options }),
      convert: (result, uri, m) => m.textEdits(uri, result ?? []),
    });
  }

  /** Edits formatting a range. */
  async rangeFormatting(
    absPath: string,
    text: string,
    range: Range,
    options = DEFAULT_FORMATTING,
  ): Promise<LspAnswer<TextEdit[]>> {
    return this.run(absPath, text, {
      type: DocumentRangeFormattingRequest.type,
      capability: 'documentRangeFormattingProvider',
      ready: 'none',
      params: (uri, m) => ({ textDocument: { uri }, range: m.rangeToServer(uri, range), options }),
      convert: (result, uri, m) => m.textEdits(uri, result ?? []),
    });
  }

  /** The file's symbols: hierarchical DocumentSymbols, or flat SymbolInformation from servers without hierarchy. */
  async documentSymbol(
    absPath: string,
    text: string,
  ): Promise<LspAnswer<DocumentSymbol[] | SymbolInformation[]>> {
    return this.run(absPath, text, {
      type: DocumentSymbolRequest.type,
      capability: 'documentSymbolProvider',
      ready: 'none',
      params: (uri) => ({ textDocument: { uri } }),
      convert: (result, uri, m) => m.symbols(uri, result ?? []),
    });
  }
}

function toLocations(result: DefinitionResult, originUri: string, mapper: PositionMapper): Location[] {
  if (result === null) return [];
  const list = Array.isArray(result) ? result : [result];
  return list.map((item) => {
    if ('targetUri' in item) {
      const [link] = mapper.links(originUri, [item]) as [LocationLink];
      return { uri: link.targetUri, range: link.targetSelectionRange };
    }
    return mapper.locations([item])[0] as Location;
  });
}

function toCompletionList(result: CompletionItem[] | CompletionList | null): CompletionList {
  if (result === null) return { isIncomplete: false, items: [] };
  return Array.isArray(result) ? { isIncomplete: false, items: result } : result;
}
