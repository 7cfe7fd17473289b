/**
 * Locus as a library user sees it (src/index.ts exports it as `Locus`): locate strings in, plain results out.
 * Types only, so a consumer's type graph never reaches the servers' processes.
 */
import type { CallScope } from '../../core/call.js';
import type { Outcome } from '../../core/errors.js';
import type { DefinitionKind, HierarchyDirection } from '../../core/operation-kinds.js';
import type { CodeActionOptions, CodeActionsResult } from './code-actions.js';
import type { CompletionOptions, CompletionResult } from './completion.js';
import type { DefinitionResult } from './definition.js';
import type { DiagnosticsOptions, DiagnosticsResult } from './diagnostics.js';
import type { EditOpOptions, EditRequest, EditResult } from './edit.js';
import type { FormatResult } from './format.js';
import type { HierarchyResult } from './hierarchy.js';
import type { HoverResult } from './hover.js';
import type { LocateInput, LocatorApi } from './locator.js';
import type { ReferencesOptions, ReferencesResult } from './references.js';
import type { RenameOptions, RenameResult } from './rename.js';
import type { SearchOptions, SearchResult } from './search.js';
import type { SignatureHelpResult } from './signature-help.js';
import type { SourceOptions, SourceResult } from './source.js';
import type { SymbolsOptions, SymbolsResult } from './symbols.js';
import type { VerifiedEditOptions } from './verify.js';

/** Locus: locate offline, ask language servers at located positions. */
export interface LocusApi extends Omit<LocatorApi, 'close'> {
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
