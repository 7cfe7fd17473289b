/**
 * Help texts of the command line (docs/operations.md, "Command line"): per-flag help with defaults, the version,
 * and "did you mean" for mistyped commands.
 */
import type { CommandSpec } from './command.js';

/** What each flag does and its default, shared by every command that has the flag. */
const FLAG_HELP: Record<string, { value?: string; help: string; default?: string }> = {
  root: {
    value: 'DIR',
    help: 'workspace root; paths in locate strings are relative to it',
    default: 'current directory',
  },
  json: { help: 'print the result as JSON on stdout instead of markdown' },
  trust: {
    help: "honour the workspace locus.config.json's process-starting keys (command, args, env, settings, …)",
    default: 'off; LOCUS_TRUST_WORKSPACE=1 does the same',
  },
  range: { help: 'report the whole range of the located symbol, lines or match' },
  mode: {
    value: 'MODE',
    help: 'definition, declaration, type-definition or implementation',
    default: 'definition',
  },
  page: { value: 'N', help: 'which page of the answer', default: '1' },
  'page-size': { value: 'N', help: 'references per page', default: '100' },
  budget: {
    value: 'CHARS',
    help: 'characters the answer may use before it is paged or summarised',
    default: 'answerBudgetChars of locus.config.json, else 20000',
  },
  'no-declaration': { help: 'leave the declaration itself out of the references' },
  apply: { help: 'write the edit (otherwise only a diff and a fingerprint are printed)' },
  fingerprint: {
    value: 'F',
    help: 'write only if every touched file is still as previewed with this fingerprint',
  },
  limit: { value: 'N', help: 'most completion items to list', default: '50' },
  select: { value: 'N|TITLE', help: 'the code action to preview or apply (index or title)' },
  only: { value: 'KIND', help: 'only code actions of this kind (quickfix, refactor, source, …)' },
  depth: {
    value: 'N',
    help: 'levels to show (outline) or to walk (calls, types)',
    default: 'outline: all; calls and types: 1',
  },
  all: { help: 'the whole outline on one page, whatever its size' },
  snippets: { help: 'a source line for every hit', default: 'off: one line per hit' },
  verify: { help: 'ask the server for new errors the edit would cause, before anything is written' },
  force: {
    help: 'write despite what would refuse it: blocking safety warnings (rename), new errors (--verify), new syntax errors (edit); also writes read-only files and accepts a changed owner',
  },
  'full-diff': { help: 'print the whole diff, whatever its size' },
  incoming: { help: 'who calls the located function' },
  outgoing: { help: 'what the located function calls' },
  supertypes: { help: 'what the located type extends or implements' },
  subtypes: { help: 'what extends or implements the located type' },
  kind: { value: 'K', help: 'only symbols of this kind (class, method, function, …)' },
  path: { value: 'GLOB', help: 'only symbols in files this glob matches' },
  progress: { help: 'show index progress on stderr even when it is not a terminal' },
  regex: {
    help: 'the find part is a regular expression (RE2: linear time, no lookaround or backreferences), not token-aware text',
  },
  'max-lines': { value: 'N', help: 'most lines to print before a continuation', default: '200' },
  replace: { help: 'replace the target with the new text' },
  'insert-before': { help: 'insert the new text before the target' },
  'insert-after': { help: 'insert the new text after the target' },
  delete: { help: 'delete the target' },
  text: { value: 'T', help: 'the new text (may be sent at column 0: it is re-indented)' },
  file: { value: 'F', help: 'read the new text from a file (- for stdin)' },
  'include-doc-comment': { help: 'the comment block directly above a symbol belongs to it' },
  format: { help: 'format the edited span through the server' },
  help: { help: 'show this help' },
};

const COMMON = ['root', 'json', 'trust', 'help'];

/** `locus <command> --help`: usage, summary, and every flag with its default. */
export function commandHelp(command: CommandSpec): string {
  const flags = [...Object.keys(command.options), ...COMMON].map((name) => {
    const info = { ...FLAG_HELP[name], ...command.flagHelp?.[name] };
    const short = command.options[name]?.short ?? (name === 'help' ? 'h' : undefined);
    const label = `${short ? `-${short}, ` : ''}--${name}${info.value ? ` ${info.value}` : ''}`;
    return { label, text: `${info.help ?? ''}${info.default ? ` (default: ${info.default})` : ''}` };
  });
  const width = Math.max(...flags.map((f) => f.label.length));
  const lines = flags.map((f) => `  ${f.label.padEnd(width)}  ${f.text}`);
  return `Usage: ${command.usage}\n\n${command.summary}\n\nOptions:\n${lines.join('\n')}`;
}

/** The known name closest to a mistyped one (edit distance ≤ 2, or a unique prefix), if any. */
export function didYouMean(name: string, known: readonly string[]): string | undefined {
  const prefixed = known.filter((k) => k.startsWith(name) && name.length >= 2);
  if (prefixed.length === 1) return prefixed[0];
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate);
    if (distance <= 2 && (best === undefined || distance < best.distance))
      best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
