/**
 * The full library API (SPEC §10.1): the offline locator plus every language-server operation.
 * Each call resolves to its result or to `{ ok: false, error }`; only bugs throw.
 */
import { isLocusError } from '../core/errors.js';
import type { LocateFailure } from '../locate/resolver.js';
import type { DefinitionKind } from '../lsp/types.js';
import { codeActions, type CodeActionOptions, type CodeActionsResult } from './code-actions.js';
import { closeOpsContext, createOpsContext, type OpsContext, type OpsOptions } from './context.js';
import { completion, type CompletionResult } from './completion.js';
import { definition, type DefinitionResult } from './definition.js';
import { edit, type EditOpOptions, type EditRequest, type EditResult } from './edit.js';
import { formatRange, type FormatResult } from './format.js';
import { hover, type HoverResult } from './hover.js';
import type { LocateInput, Locator } from './locator.js';
import { references, type ReferencesOptions, type ReferencesResult } from './references.js';
import type { EditOptions } from './edits.js';
import { rename, type RenameResult } from './rename.js';
import { signatureHelp, type SignatureHelpResult } from './signature-help.js';

/** A result or a failure. */
export type Outcome<T> = T | LocateFailure;

/** Locus: locate offline, ask language servers at located positions. */
export interface Locus extends Omit<Locator, 'close'> {
  readonly context: OpsContext;
  definition(input: LocateInput, options?: { mode?: DefinitionKind }): Promise<Outcome<DefinitionResult>>;
  references(input: LocateInput, options?: ReferencesOptions): Promise<Outcome<ReferencesResult>>;
  rename(input: LocateInput, newName: string, options?: EditOptions): Promise<Outcome<RenameResult>>;
  hover(input: LocateInput): Promise<Outcome<HoverResult>>;
  completion(input: LocateInput, options?: { limit?: number }): Promise<Outcome<CompletionResult>>;
  signatureHelp(input: LocateInput): Promise<Outcome<SignatureHelpResult>>;
  codeActions(input: LocateInput, options?: CodeActionOptions): Promise<Outcome<CodeActionsResult>>;
  formatRange(input: LocateInput, options?: EditOptions): Promise<Outcome<FormatResult>>;
  /** Replaces, inserts or deletes at located targets as one plan (docs/edit.md). */
  edit(requests: readonly EditRequest[], options?: EditOpOptions): Promise<Outcome<EditResult>>;
  /** Shuts every language server down (full shutdown ladder) and releases the trees. */
  close(): Promise<void>;
}

/** Turns a LocusError into a failure result. */
export async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return await run();
  } catch (error) {
    if (isLocusError(error)) return { ok: false, error: error.toData() };
    throw error;
  }
}

/** Creates Locus over a workspace root (starts no server until an operation needs one). */
export function createLocus(options: OpsOptions): Locus {
  const context = createOpsContext(options);
  const { locator } = context;
  return {
    context,
    root: locator.root,
    workspace: locator.workspace,
    syntax: locator.syntax,
    locate: (input, opts) => locator.locate(input, opts),
    locateRange: (input) => locator.locateRange(input),
    describe: (filePath, target) => locator.describe(filePath, target),
    outline: (filePath) => locator.outline(filePath),
    definition: (input, opts) => outcome(() => definition(context, input, opts?.mode)),
    references: (input, opts) => outcome(() => references(context, input, opts)),
    rename: (input, newName, opts) => outcome(() => rename(context, input, newName, opts)),
    hover: (input) => outcome(() => hover(context, input)),
    completion: (input, opts) => outcome(() => completion(context, input, opts?.limit)),
    signatureHelp: (input) => outcome(() => signatureHelp(context, input)),
    codeActions: (input, opts) => outcome(() => codeActions(context, input, opts)),
    formatRange: (input, opts) => outcome(() => formatRange(context, input, opts)),
    edit: (requests, opts) => outcome(() => edit(context, requests, opts)),
    close: () => closeOpsContext(context),
  };
}
