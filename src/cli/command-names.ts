/**
 * The names of the CLI's commands, in help order (docs/operations.md, "Command line"). A leaf module: the daemon's
 * client reads it on every call to know which calls the background Locus answers, without loading the commands.
 */
export const COMMAND_NAMES = [
  'locate',
  'check',
  'describe',
  'outline',
  'definition',
  'references',
  'rename',
  'hover',
  'completion',
  'signature-help',
  'code-actions',
  'format',
  'diagnostics',
  'calls',
  'types',
  'symbols',
  'search',
  'source',
  'edit',
] as const;

/** A command name. */
export type CommandName = (typeof COMMAND_NAMES)[number];
