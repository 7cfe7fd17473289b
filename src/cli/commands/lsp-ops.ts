/**
 * CLI subcommands for the language-server operations (docs/operations.md, "Command line"):
 * `locus definition|references|rename|hover|completion|signature-help|code-actions|format <locate> [op flags] [--json]`.
 */
import { cancellableByCtrlC } from '../interrupt.js';
import type { Wording } from '../../core/advice.js';
import type { CallScope } from '../../core/call.js';
import type { VerifiedEditOptions } from '../../ops/edits/verify.js';
import type { DefinitionKind } from '../../core/operation-kinds.js';
import type { Locus, Outcome } from '../../ops/locus.js';
import { renderCompletion, renderHover, renderSignatureHelp } from '../../render/answers.js';
import { renderCodeActions, renderFormat, renderRename } from '../../render/edits.js';
import { renderDefinition, renderReferences } from '../../render/locations.js';
import type { CommandContext, CommandSpec } from '../command.js';
import { report, UsageError } from '../io.js';
import { withLocus } from '../with-workspace.js';
import { cliWording } from '../wording.js';

type Values = CommandContext['values'];

/** Builds one operation command from how it calls Locus and how it renders. */
function opCommand<T extends { ok: true }>(spec: {
  name: string;
  usage: string;
  summary: string;
  options?: CommandSpec['options'];
  arity?: number;
  call: (locus: Locus, args: string[], values: Values, scope: CallScope) => Promise<Outcome<T>>;
  render: (result: T, word: Wording) => string;
}): CommandSpec {
  return {
    name: spec.name,
    usage: spec.usage,
    summary: spec.summary,
    options: spec.options ?? {},
    async run(context) {
      const { positionals, values, json, onProgress, io } = context;
      if (positionals.length !== (spec.arity ?? 1))
        throw new UsageError(`${spec.name} takes ${spec.arity ?? 1} argument(s).`);
      const use = async (locus: Locus): Promise<number> => {
        // The workspace's answerBudgetChars applies unless --budget is given.
        const budget = values.budget ?? String(locus.context.lsp.config.answerBudgetChars);
        const withBudget = 'budget' in (spec.options ?? {}) ? { ...values, budget } : values;
        const result = await cancellableByCtrlC(io, (signal) => {
          const scope: CallScope = { signal, ...(onProgress ? { onProgress } : {}) };
          return spec.call(locus, positionals, withBudget, scope);
        });
        return report<T>(io, result, json, spec.render, cliWording(spec.name));
      };
      // A workspace-wide locate string may build the index first: its progress goes to the status line.
      return withLocus(context, use, { trust: true, progress: true, warnings: true });
    },
  };
}

const EDIT_OPTIONS = {
  apply: { type: 'boolean' },
  fingerprint: { type: 'string' },
  verify: { type: 'boolean' },
  force: { type: 'boolean' },
  'full-diff': { type: 'boolean' },
  budget: { type: 'string' },
} as const;
const editOptions = (values: Values): VerifiedEditOptions => {
  const budget = wholeNumber(values, 'budget');
  return {
    ...(values.apply === true ? { apply: true } : {}),
    ...(typeof values.fingerprint === 'string' ? { fingerprint: values.fingerprint } : {}),
    ...(values['full-diff'] === true ? { fullDiff: true } : {}),
    ...(budget === undefined ? {} : { budget }),
    ...(values.verify === true ? { verify: true } : {}),
    ...(values.force === true ? { force: true } : {}),
  };
};

function wholeNumber(values: Values, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || value < 1)
    throw new UsageError(`--${name} takes a whole number >= 1.`);
  return value;
}

const MODES: Record<string, DefinitionKind> = {
  definition: 'definition',
  declaration: 'declaration',
  'type-definition': 'typeDefinition',
  implementation: 'implementation',
};

/** Every LSP operation command. */
export const lspCommands: CommandSpec[] = [
  opCommand({
    name: 'definition',
    usage:
      'locus definition <locate> [--mode definition|declaration|type-definition|implementation] [--json]',
    summary: 'Where the symbol at the located position is defined.',
    options: { mode: { type: 'string' } },
    call: (locus, [input], values, scope) => {
      const mode = MODES[typeof values.mode === 'string' ? values.mode : 'definition'];
      if (!mode) throw new UsageError(`--mode is one of ${Object.keys(MODES).join(', ')}.`);
      return locus.definition(input as string, { ...scope, mode });
    },
    render: renderDefinition,
  }),
  opCommand({
    name: 'references',
    usage:
      'locus references <locate> [--page N] [--page-size N] [--snippets] [--budget CHARS] [--no-declaration] [--json]',
    summary: 'Every reference to the symbol at the located position, grouped by file.',
    options: {
      page: { type: 'string' },
      'page-size': { type: 'string' },
      'no-declaration': { type: 'boolean' },
      snippets: { type: 'boolean' },
      budget: { type: 'string' },
    },
    call: (locus, [input], values, scope) => {
      const page = wholeNumber(values, 'page');
      const pageSize = wholeNumber(values, 'page-size');
      const budget = wholeNumber(values, 'budget');
      return locus.references(input as string, {
        ...scope,
        ...(values.snippets === true ? { snippets: true } : {}),
        ...(budget === undefined ? {} : { budget }),
        includeDeclaration: values['no-declaration'] !== true,
        ...(page === undefined ? {} : { page }),
        ...(pageSize === undefined ? {} : { pageSize }),
      });
    },
    render: renderReferences,
  }),
  opCommand({
    name: 'rename',
    usage:
      'locus rename <locate> <new-name> [--verify] [--apply | --fingerprint F] [--force] [--full-diff] [--json]',
    summary:
      'Rename as a reviewable diff with safety warnings; writes only with --apply or a preview fingerprint (--force when warned).',
    options: EDIT_OPTIONS,
    arity: 2,
    call: (locus, [input, newName], values, scope) =>
      locus.rename(input as string, newName as string, { ...scope, ...editOptions(values) }),
    render: renderRename,
  }),
  opCommand({
    name: 'hover',
    usage: 'locus hover <locate> [--json]',
    summary: 'Hover information (types, docs) at the located position.',
    call: (locus, [input], _values, scope) => locus.hover(input as string, scope),
    render: renderHover,
  }),
  opCommand({
    name: 'completion',
    usage: 'locus completion <locate> [--limit N] [--budget CHARS] [--json]',
    summary: 'Completions at the located position (e.g. `file@obj.<|>`).',
    options: { limit: { type: 'string' }, budget: { type: 'string' } },
    call: (locus, [input], values, scope) => {
      const limit = wholeNumber(values, 'limit');
      const budget = wholeNumber(values, 'budget');
      return locus.completion(input as string, {
        ...scope,
        ...(limit === undefined ? {} : { limit }),
        ...(budget === undefined ? {} : { budget }),
      });
    },
    render: renderCompletion,
  }),
  opCommand({
    name: 'signature-help',
    usage: 'locus signature-help <locate> [--json]',
    summary: 'The active signature inside a call (e.g. `file@f(<|>`).',
    call: (locus, [input], _values, scope) => locus.signatureHelp(input as string, scope),
    render: renderSignatureHelp,
  }),
  opCommand({
    name: 'code-actions',
    usage:
      'locus code-actions <locate> [--select N|TITLE] [--only KIND,...] [--verify] [--apply | --fingerprint F] [--force] [--full-diff] [--json]',
    summary: 'Code actions for the located range; --select previews one as a diff.',
    options: { select: { type: 'string' }, only: { type: 'string' }, ...EDIT_OPTIONS },
    call: (locus, [input], values, scope) => {
      const select =
        typeof values.select === 'string'
          ? /^\d+$/.test(values.select)
            ? Number(values.select)
            : values.select
          : undefined;
      const only = typeof values.only === 'string' ? values.only.split(',').filter(Boolean) : undefined;
      return locus.codeActions(input as string, {
        ...scope,
        ...editOptions(values),
        ...(select === undefined ? {} : { select }),
        ...(only ? { only } : {}),
      });
    },
    render: renderCodeActions,
  }),
  opCommand({
    name: 'format',
    usage: 'locus format <locate> [--verify] [--apply | --fingerprint F] [--force] [--full-diff] [--json]',
    summary: 'Format the located range (a symbol, lines, or a match) as a diff.',
    options: EDIT_OPTIONS,
    call: (locus, [input], values, scope) =>
      locus.formatRange(input as string, { ...scope, ...editOptions(values) }),
    render: renderFormat,
  }),
];
