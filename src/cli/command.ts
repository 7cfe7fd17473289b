/** The shape of one CLI subcommand. */
import type { ParseArgsConfig } from 'node:util';
import type { ProgressListener } from '../core/call.js';
import type { CliIo } from './io.js';

/** Parsed invocation handed to a command. */
export interface CommandContext {
  /** Where the call reads and writes (the process, or the client of the background Locus). */
  io: CliIo;
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
  /** The workspace root, absolute (a relative `--root` is resolved against the caller's folder). */
  root: string;
  json: boolean;
  /** `--trust`: honour the workspace config's process-starting keys. */
  trust: boolean;
  /** The stderr status line's listener (undefined when it is off: not a terminal, or `--quiet`). */
  onProgress?: ProgressListener;
}

/** One subcommand: its options (beyond --root/--json/--help) and what it does. */
export interface CommandSpec {
  name: string;
  usage: string;
  summary: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** What a shared flag means for this command, where the general help (cli/help.ts) would mislead. */
  flagHelp?: Record<string, { help: string; default?: string }>;
  run(context: CommandContext): Promise<number>;
}
