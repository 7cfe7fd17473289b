/**
 * The full library API (SPEC §10.1): the offline locator plus every language-server operation.
 * Each call resolves to its result or to `{ ok: false, error }`; only bugs throw.
 */
import { isLocusError } from '../core/errors.js';
import type { LocateFailure } from '../locate/resolver.js';
import type { DefinitionKind } from '../lsp/types.js';
import { codeActions, type CodeActionOptions, type CodeActionsResult } from './code-actions.js';
import type { CallScope } from '../core/call.js';
import { closeOpsContext, createOpsContext, forCall, type OpsContext, type OpsOptions } from './context.js';
import { completion, type CompletionOptions, type CompletionResult } from './completion.js';
import { definition, type DefinitionResult } from './definition.js';
import { formatRange, type FormatResult } from './format.js';
import { hover, type HoverResult } from './hover.js';
import type { LocateInput, Locator } from './locator.js';
import { references, type ReferencesOptions, type ReferencesResult } from './references.js';
import type { EditOptions } from './edits.js';
import { rename, type RenameResult } from './rename.js';
import { signatureHelp, type SignatureHelpResult } from './signature-help.js';

export type { CallScope, ProgressEvent, ProgressListener } from '../core/call.js';

/** A result or a failure. */
export type Outcome<T> = T | LocateFailure;

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
    options?: EditOptions & CallScope,
  ): Promise<Outcome<RenameResult>>;
  hover(input: LocateInput, options?: CallScope): Promise<Outcome<HoverResult>>;
  completion(input: LocateInput, options?: CompletionOptions & CallScope): Promise<Outcome<CompletionResult>>;
  signatureHelp(input: LocateInput, options?: CallScope): Promise<Outcome<SignatureHelpResult>>;
  codeActions(
    input: LocateInput,
    options?: CodeActionOptions & CallScope,
  ): Promise<Outcome<CodeActionsResult>>;
  formatRange(input: LocateInput, options?: EditOptions & CallScope): Promise<Outcome<FormatResult>>;
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
    definition: (input, opts) => outcome(() => definition(forCall(context, opts), input, opts?.mode)),
    references: (input, opts) => outcome(() => references(forCall(context, opts), input, opts)),
    rename: (input, newName, opts) => outcome(() => rename(forCall(context, opts), input, newName, opts)),
    hover: (input, opts) => outcome(() => hover(forCall(context, opts), input)),
    completion: (input, opts) => outcome(() => completion(forCall(context, opts), input, opts)),
    signatureHelp: (input, opts) => outcome(() => signatureHelp(forCall(context, opts), input)),
    codeActions: (input, opts) => outcome(() => codeActions(forCall(context, opts), input, opts)),
    formatRange: (input, opts) => outcome(() => formatRange(forCall(context, opts), input, opts)),
    close: () => closeOpsContext(context),
  };
}
