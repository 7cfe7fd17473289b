/**
 * The full library API (docs/architecture.md, "Layers"): the offline locator plus every language-server operation.
 * Each call resolves to its result or to `{ ok: false, error }`; only bugs throw.
 */
import { outcome, type Outcome } from '../core/errors.js';
import type { HierarchyDirection } from '../lsp/hierarchy.js';
import type { DefinitionKind } from '../lsp/types.js';
import { codeActions, type CodeActionOptions, type CodeActionsResult } from './code-actions.js';
import { SyntaxOffload } from './offload.js';
import type { CallScope } from '../core/call.js';
import { closeOpsContext, createOpsContext, forCall, type OpsContext, type OpsOptions } from './context.js';
import { completion, type CompletionOptions, type CompletionResult } from './completion.js';
import { definition, type DefinitionResult } from './definition.js';
import { diagnostics, type DiagnosticsOptions, type DiagnosticsResult } from './diagnostics.js';
import { edit, type EditOpOptions, type EditRequest, type EditResult } from './edit.js';
import { formatRange, type FormatResult } from './format.js';
import { hierarchy, type HierarchyResult } from './hierarchy.js';
import { hover, type HoverResult } from './hover.js';
import type { LocateInput, Locator } from './locator.js';
import { references, type ReferencesOptions, type ReferencesResult } from './references.js';
import type { VerifiedEditOptions } from './verify.js';
import { rename, type RenameOptions, type RenameResult } from './rename.js';
import { signatureHelp, type SignatureHelpResult } from './signature-help.js';
import { offlineSettingsOf } from './limits-config.js';
import { search, type SearchOptions, type SearchResult } from './search.js';
import { source, type SourceOptions, type SourceResult } from './source.js';
import { symbols, type SymbolsOptions, type SymbolsResult } from './symbols.js';

export type { CallScope, ProgressEvent, ProgressListener } from '../core/call.js';

export type { Outcome } from '../core/errors.js';

/** Locus: locate offline, ask language servers at located positions. */
export interface Locus extends Omit<Locator, 'close'> {
  readonly context: OpsContext;
  definition(
    input: LocateInput,
    options?: { mode?: DefinitionKind } & CallScope,
  ): Promise<Outcome<DefinitionResult>>;
  references(input: LocateInput, options?: ReferencesOptions & CallScope): Promise<Outcome<ReferencesResult>>;
  rename(
    input: LocateInput,
    newName: string,
    options?: RenameOptions & CallScope,
  ): Promise<Outcome<RenameResult>>;
  hover(input: LocateInput, options?: CallScope): Promise<Outcome<HoverResult>>;
  completion(input: LocateInput, options?: CompletionOptions & CallScope): Promise<Outcome<CompletionResult>>;
  signatureHelp(input: LocateInput, options?: CallScope): Promise<Outcome<SignatureHelpResult>>;
  codeActions(
    input: LocateInput,
    options?: CodeActionOptions & CallScope,
  ): Promise<Outcome<CodeActionsResult>>;
  formatRange(input: LocateInput, options?: VerifiedEditOptions & CallScope): Promise<Outcome<FormatResult>>;
  /** Call (incoming/outgoing) or type (supertypes/subtypes) hierarchy at a located position. */
  hierarchy(
    input: LocateInput,
    direction: HierarchyDirection,
    depth?: number,
  ): Promise<Outcome<HierarchyResult>>;
  /** Diagnostics of files, globs or located scopes. */
  diagnostics(inputs: readonly string[], options?: DiagnosticsOptions): Promise<Outcome<DiagnosticsResult>>;
  /** Fuzzy search of the workspace symbol index (docs/workspace.md). */
  symbols(query: string, options?: SymbolsOptions): Promise<Outcome<SymbolsResult>>;
  /** Every hit of `<glob>@<find>` in the indexed files, paginated. */
  search(pattern: string, options?: SearchOptions): Promise<Outcome<SearchResult>>;
  /** The text a locate string names, numbered and bounded. */
  source(input: LocateInput, options?: SourceOptions): Promise<Outcome<SourceResult>>;
  /** Replaces, inserts or deletes at located targets as one plan (docs/edit.md). */
  edit(requests: readonly EditRequest[], options?: EditOpOptions & CallScope): Promise<Outcome<EditResult>>;
  /** Shuts every language server down (full shutdown ladder) and releases the trees. */
  close(): Promise<void>;
}

/** Creates Locus over a workspace root (starts no server until an operation needs one). */
export function createLocus(options: OpsOptions): Locus {
  const context = createOpsContext(options);
  const { locator } = context;
  // Big files are parsed in a worker so one call cannot stall the others (docs/security.md).
  const offload = SyntaxOffload.supported()
    ? new SyntaxOffload(locator, { settings: offlineSettingsOf(context.lsp.config) })
    : undefined;
  const offline = offload?.ops() ?? locator;
  return {
    context,
    root: locator.root,
    workspace: locator.workspace,
    syntax: locator.syntax,
    index: locator.index,
    locate: (input, opts) => offline.locate(input, opts),
    locateRange: (input) => offline.locateRange(input),
    describe: (filePath, target) => offline.describe(filePath, target),
    outline: (filePath) => offline.outline(filePath),
    definition: (input, opts) => outcome(() => definition(forCall(context, opts), input, opts?.mode)),
    references: (input, opts) => outcome(() => references(forCall(context, opts), input, opts)),
    rename: (input, newName, opts) => outcome(() => rename(forCall(context, opts), input, newName, opts)),
    hover: (input, opts) => outcome(() => hover(forCall(context, opts), input)),
    completion: (input, opts) => outcome(() => completion(forCall(context, opts), input, opts)),
    signatureHelp: (input, opts) => outcome(() => signatureHelp(forCall(context, opts), input)),
    codeActions: (input, opts) => outcome(() => codeActions(forCall(context, opts), input, opts)),
    formatRange: (input, opts) => outcome(() => formatRange(forCall(context, opts), input, opts)),
    hierarchy: (input, direction, depth) => outcome(() => hierarchy(context, input, direction, depth)),
    diagnostics: (inputs, opts) => outcome(() => diagnostics(context, inputs, opts)),
    symbols: (query, opts) => outcome(() => symbols(locator, query, opts)),
    search: (pattern, opts) => outcome(() => search(locator, pattern, opts)),
    source: (input, opts) => outcome(() => source(locator, input, opts)),
    edit: (requests, opts) => outcome(() => edit(forCall(context, opts), requests, opts)),
    close: async () => {
      await offload?.close();
      await closeOpsContext(context);
    },
  };
}
