/**
 * The `locus` command line: dispatches subcommands, owns argv, stdout and exit codes (docs/operations.md,
 * "Command line"). Output is never coloured, so NO_COLOR and pipes need nothing special.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CommandSpec } from './command.js';
import { toLocusError } from '../core/errors.js';
import { renderError } from '../render/error.js';
import { packageVersion } from '../config/package-version.js';
import { commandHelp, didYouMean } from './help.js';
import { EXIT, erasingFirst, err, exitFor, out, UsageError, type CliIo } from './io.js';
import { COMMAND_NAMES, type CommandName } from './command-names.js';
import { processIo } from './process-io.js';
import { statusLine } from './status-line.js';
import { cliWording } from './wording.js';
import { preferFastStartup } from '../syntax/startup.js';

type CommandModule = () => Promise<CommandSpec[]>;

const LSP: CommandModule = async () => (await import('./commands/lsp-ops.js')).lspCommands;
const HIERARCHY: CommandModule = async () => (await import('./commands/hierarchy.js')).hierarchyCommands;
const WORKSPACE: CommandModule = async () => {
  const m = await import('./commands/workspace.js');
  return [m.symbolsCommand, m.searchCommand, m.sourceCommand];
};

const LOCATE: CommandModule = async () => [(await import('./commands/locate.js')).locateCommand];
const CHECK: CommandModule = async () => [(await import('./commands/check.js')).checkCommand];
const DESCRIBE: CommandModule = async () => [(await import('./commands/describe.js')).describeCommand];
const OUTLINE: CommandModule = async () => [(await import('./commands/outline.js')).outlineCommand];
const DIAGNOSTICS: CommandModule = async () => [
  (await import('./commands/diagnostics.js')).diagnosticsCommand,
];
const EDIT: CommandModule = async () => [(await import('./commands/edit.js')).editCommand];

/**
 * The module that defines each command (names and help order: command-names.ts). Modules load on use, so a
 * one-shot command loads only its own operations (a cold `locus locate` does not load the LSP layer or the index:
 * docs/performance.md, "Cold start").
 */
const COMMAND_MODULES: Record<CommandName, CommandModule> = {
  locate: LOCATE,
  check: CHECK,
  describe: DESCRIBE,
  outline: OUTLINE,
  definition: LSP,
  references: LSP,
  rename: LSP,
  hover: LSP,
  completion: LSP,
  'signature-help': LSP,
  'code-actions': LSP,
  format: LSP,
  diagnostics: DIAGNOSTICS,
  calls: HIERARCHY,
  types: HIERARCHY,
  symbols: WORKSPACE,
  search: WORKSPACE,
  source: WORKSPACE,
  edit: EDIT,
};

/** Every command name `locus` accepts, `mcp` included (what no MCP text may name: test/mcp/wording.test.ts). */
export function commandNames(): string[] {
  return [...COMMAND_NAMES, 'mcp', 'daemon'];
}

/** The spec of a command, loading its module; undefined for an unknown name. */
async function commandSpec(name: string): Promise<CommandSpec | undefined> {
  const load = Object.hasOwn(COMMAND_MODULES, name) ? COMMAND_MODULES[name as CommandName] : undefined;
  return (await load?.())?.find((c) => c.name === name);
}

/** Every command's spec, in help order (loads every command module). */
export async function allCommands(): Promise<CommandSpec[]> {
  const specs = await Promise.all(COMMAND_NAMES.map(commandSpec));
  return specs.filter((c): c is CommandSpec => c !== undefined);
}

const SYNTAX_HELP = `Locate strings: path[:scope][@find]
  scope  a line 42 / L42, lines 10-20 / 10,20 / L10-20, or a symbol path Cart.total, Parser::new, (*Server).Start, Shape.area[1]
  find   code text to search for; <|> marks the cursor (use <<|>> if the text contains <|>)
Examples:
  locus locate "src/cart.py:Cart.total@return <|>subtotal"
  locus locate "src/app.ts:42@foo(<|>"
  locus outline src/cart.py`;

async function help(): Promise<string> {
  const commands = await allCommands();
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  lines.push(
    `  ${'mcp'.padEnd(width)}  Serve the Locus tools to an MCP client (agent) over stdio: locus mcp [--root DIR]`,
    `  ${'daemon'.padEnd(width)}  See or stop the background Locus that answers later calls: locus daemon status|stop`,
  );
  return `Usage: locus <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nCommon options: --root DIR (default: current directory), --json, --trust, --help,\n  --progress (status on stderr even when it is not a terminal), --quiet (no status line),\n  --no-daemon (answer in this process, not in the background Locus; LOCUS_NO_DAEMON=1 does the same);\n  locus <command> --help lists a command's flags. locus -V, --version prints the version.\n\n${SYNTAX_HELP}`;
}

const SHORT_USAGE = 'Usage: locus <command> [options]   (locus --help lists the commands)';

/** Runs the CLI in this process (one process for one answer); resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  preferFastStartup(); // docs/performance.md, "Cold start"
  return runCli(argv, processIo());
}

/** `locus daemon status|stop` (docs/operations.md, "The daemon"), always in this process. */
export async function daemonCommand(argv: string[]): Promise<number> {
  return (await import('./commands/daemon.js')).daemonCommand(argv, processIo());
}

/** Runs one CLI call with `io` (this process's, or a daemon client's: docs/operations.md, "The daemon"). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    err(io, `${SHORT_USAGE}\n\n${await help()}`);
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    out(io, await help());
    return EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    out(io, `locus ${packageVersion()}`);
    return EXIT.ok;
  }
  const command = await commandSpec(name);
  if (!command) {
    const guess = didYouMean(name, commandNames());
    err(io, `locus: unknown command "${name}".${guess ? ` Did you mean "${guess}"?` : ''}\n${SHORT_USAGE}`);
    return EXIT.usage;
  }
  const json = rest.includes('--json');
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        ...command.options,
        root: { type: 'string' },
        json: { type: 'boolean' },
        trust: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        progress: { type: 'boolean' },
        quiet: { type: 'boolean', short: 'q' },
        // Read by the launcher (cli/daemon/client.ts); accepted here so that it is never a usage error.
        'no-daemon': { type: 'boolean' },
      },
    });
    if (values.help) {
      out(io, `${commandHelp(command)}\n\n${SYNTAX_HELP}`);
      return EXIT.ok;
    }
    const root = resolve(io.cwd, typeof values.root === 'string' ? values.root : '.');
    const status = statusLine({
      progress: values.progress === true,
      quiet: values.quiet === true,
      stream: io.stderr,
    });
    try {
      return await command.run({
        // The status line goes before any answer or message is written, not after it.
        io: erasingFirst(io, status.erase),
        positionals,
        values,
        root,
        json: values.json === true,
        trust: values.trust === true,
        ...(status.onProgress ? { onProgress: status.onProgress } : {}),
      });
    } finally {
      status.done();
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      err(io, `locus ${name}: ${error.message}\nUsage: ${command.usage}`);
      if (json) {
        const usage = { code: 'INVALID_ARGUMENT', message: error.message, hint: `Usage: ${command.usage}` };
        out(io, JSON.stringify({ ok: false, error: usage }));
      }
      return EXIT.usage;
    }
    const coded = toLocusError(error);
    if (json) out(io, JSON.stringify({ ok: false, error: coded.toData() }));
    else err(io, renderError(coded.toData(), cliWording(name)));
    return coded.code === 'INTERNAL' ? EXIT.failed : exitFor(coded.toData());
  }
}
