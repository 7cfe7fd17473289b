/**
 * The full library API (docs/architecture.md, "Layers"): the offline locator plus every language-server operation.
 * Each call resolves to its result or to `{ ok: false, error }`; only bugs throw.
 */
import { outcome } from '../core/errors.js';
import { codeActions } from './edits/code-actions.js';
import { SyntaxOffload } from './locating/offload.js';
import {
  closeOpsContext,
  createOpsContext,
  forCall,
  type OpsContext,
  type OpsOptions,
} from './context/context.js';
import { completion } from './navigation/completion.js';
import { definition } from './navigation/definition.js';
import { diagnostics } from './analysis/diagnostics.js';
import { edit } from './edits/edit.js';
import { formatRange } from './edits/format.js';
import { hierarchy } from './analysis/hierarchy.js';
import { hover } from './navigation/hover.js';
import type { Locator } from './locating/locator.js';
import { references } from './navigation/references.js';
import { rename } from './edits/rename.js';
import { signatureHelp } from './navigation/signature-help.js';
import { offlineSettingsOf } from './locating/limits-config.js';
import { search } from './workspace/search.js';
import { source } from './workspace/source.js';
import { symbols } from './workspace/symbols.js';

export type { CallScope, ProgressEvent, ProgressListener } from '../core/call.js';

export type { Outcome } from '../core/errors.js';
export type { LocusApi } from './results/locus.js';
import type { LocusApi } from './results/locus.js';

/** Locus as the operations and the faces use it: the library API plus the context it runs in. */
export interface Locus extends LocusApi, Pick<Locator, 'workspace' | 'syntax' | 'index'> {
  readonly context: OpsContext;
}

/** Creates Locus over a workspace root (starts no server until an operation needs one). */
export function createLocus(options: OpsOptions): Locus {
  const context = createOpsContext(options);
  const { locator } = context;
  // Big files are parsed in a worker so one call cannot stall the others (docs/security.md).
  const offload = SyntaxOffload.supported()
    ? new SyntaxOffload(locator, { settings: offlineSettingsOf(context.lsp.config) })
    : undefined;
  if (offload) context.offload = offload;
  const offline = offload?.ops() ?? locator;
  return {
    context,
    root: locator.root,
    workspace: locator.workspace,
    syntax: locator.syntax,
    index: locator.index,
    locate: (input, opts) => offline.locate(input, opts),
    locateRange: (input, opts) => offline.locateRange(input, opts),
    describe: (filePath, target, opts) => offline.describe(filePath, target, opts),
    outline: (filePath, opts) => offline.outline(filePath, opts),
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
