/**
 * What Locus tells servers it supports (client capabilities), and the check that a server offers what a request
 * needs (CAPABILITY_MISSING otherwise).
 */
import { LocusError, type PositionEncoding } from '../core/index.js';
import {
  CodeActionKind,
  type ClientCapabilities,
  type ServerCapabilities,
} from 'vscode-languageserver-protocol';

const ALL_SYMBOL_KINDS = Array.from({ length: 26 }, (_, i) => (i + 1) as 1);

/** Client capabilities sent in `initialize`; `positionEncodings` lists the offered encodings, preferred first. */
export function clientCapabilities(positionEncodings: PositionEncoding[]): ClientCapabilities {
  // Links carry the declared name's range (targetSelectionRange) beside the whole declaration's: a server that
  // answers a plain Location may give the declaration from its doc comment on (intelephense).
  const links = { dynamicRegistration: false, linkSupport: true };
  return {
    general: { positionEncodings },
    window: { workDoneProgress: true, showMessage: {}, showDocument: { support: false } },
    workspace: {
      configuration: true,
      workspaceFolders: true,
      // Command-based code actions send their edit back as workspace/applyEdit; Locus captures it as a preview.
      applyEdit: true,
      workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] },
      // Locus forwards file changes it is told about (notifyFilesChanged); servers register their globs.
      didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: false },
      didChangeConfiguration: { dynamicRegistration: false },
    },
    textDocument: {
      synchronization: {
        dynamicRegistration: false,
        didSave: false,
        willSave: false,
        willSaveWaitUntil: false,
      },
      definition: links,
      declaration: links,
      typeDefinition: links,
      implementation: links,
      references: { dynamicRegistration: false },
      rename: { dynamicRegistration: false, prepareSupport: true, prepareSupportDefaultBehavior: 1 },
      hover: { dynamicRegistration: false, contentFormat: ['markdown', 'plaintext'] },
      completion: {
        dynamicRegistration: false,
        contextSupport: true,
        completionItem: {
          snippetSupport: false,
          documentationFormat: ['markdown', 'plaintext'],
          deprecatedSupport: true,
          labelDetailsSupport: true,
        },
      },
      signatureHelp: {
        dynamicRegistration: false,
        contextSupport: true,
        signatureInformation: {
          documentationFormat: ['markdown', 'plaintext'],
          parameterInformation: { labelOffsetSupport: true },
          activeParameterSupport: true,
        },
      },
      codeAction: {
        dynamicRegistration: false,
        codeActionLiteralSupport: { codeActionKind: { valueSet: Object.values(CodeActionKind) as string[] } },
        resolveSupport: { properties: ['edit'] },
        dataSupport: true,
        isPreferredSupport: true,
        disabledSupport: true,
      },
      formatting: { dynamicRegistration: false },
      rangeFormatting: { dynamicRegistration: false },
      documentSymbol: {
        dynamicRegistration: false,
        hierarchicalDocumentSymbolSupport: true,
        symbolKind: { valueSet: ALL_SYMBOL_KINDS },
      },
      publishDiagnostics: { relatedInformation: false },
      callHierarchy: { dynamicRegistration: false },
      typeHierarchy: { dynamicRegistration: false },
    },
  };
}

/** A server capability a Session method needs. */
export type CapabilityName =
  | 'definitionProvider'
  | 'declarationProvider'
  | 'typeDefinitionProvider'
  | 'implementationProvider'
  | 'referencesProvider'
  | 'renameProvider'
  | 'renameProvider.prepareProvider'
  | 'hoverProvider'
  | 'completionProvider'
  | 'signatureHelpProvider'
  | 'codeActionProvider'
  | 'codeActionProvider.resolveProvider'
  | 'documentFormattingProvider'
  | 'documentRangeFormattingProvider'
  | 'documentSymbolProvider'
  | 'callHierarchyProvider'
  | 'typeHierarchyProvider'
  | 'executeCommandProvider';

/** True when the server's capabilities include `name` (an object or `true` counts; `false`/absent does not). */
export function hasCapability(capabilities: ServerCapabilities, name: CapabilityName): boolean {
  const [head, tail] = name.split('.') as [keyof ServerCapabilities, string | undefined];
  const value: unknown = capabilities[head];
  if (value === undefined || value === null || value === false) return false;
  if (tail === undefined) return true;
  return typeof value === 'object' && (value as Record<string, unknown>)[tail] === true;
}

/** Throws CAPABILITY_MISSING naming the capability and the server when it is not offered. */
export function requireCapability(
  capabilities: ServerCapabilities,
  name: CapabilityName,
  server: string,
): void {
  if (hasCapability(capabilities, name)) return;
  throw new LocusError('CAPABILITY_MISSING', `${server} does not offer ${name}.`, {
    hint: 'This operation is not available for this language with the configured server.',
    details: { capability: name, server },
  });
}
