/**
 * The `locus` command line: dispatches subcommands, owns argv, stdout and exit codes (docs/operations.md,
 * "Command line"). Output is never coloured, so NO_COLOR and pipes need nothing special.
 */
import { parseArgs } from 'node:util';
import type { CommandSpec } from './command.js';
import { toLocusError } from '../core/errors.js';
import { renderError } from '../render/error.js';
import { packageVersion } from '../config/package-version.js';
import { commandHelp, didYouMean } from './help.js';
import { EXIT, err, exitFor, out, setBeforeOutput, UsageError } from './io.js';
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

/**
 * Every command by name, in help order, with the module that defines it. Modules load on use, so a one-shot
 * command loads only its own operations (a cold `locus locate` does not load the LSP layer or the index:
 * docs/performance.md, "Cold start").
 */
const COMMAND_MODULES: [string, CommandModule][] = [
  ['locate', async () => [(await import('./commands/locate.js')).locateCommand]],
  ['check', async () => [(await import('./commands/check.js')).checkCommand]],
  ['describe', async () => [(await import('./commands/describe.js')).describeCommand]],
  ['outline', async () => [(await import('./commands/outline.js')).outlineCommand]],
  ...[
    'definition',
    'references',
    'rename',
    'hover',
    'completion',
    'signature-help',
    'code-actions',
    'format',
  ].map((name): [string, CommandModule] => [name, LSP]),
  ['diagnostics', async () => [(await import('./commands/diagnostics.js')).diagnosticsCommand]],
  ['calls', HIERARCHY],
  ['types', HIERARCHY],
  ...['symbols', 'search', 'source'].map((name): [string, CommandModule] => [name, WORKSPACE]),
  ['edit', async () => [(await import('./commands/edit.js')).editCommand]],
];

const COMMAND_NAMES = COMMAND_MODULES.map(([name]) => name);

/** Every command name `locus` accepts, `mcp` included (what no MCP text may name: test/mcp/wording.test.ts). */
export function commandNames(): string[] {
  return [...COMMAND_NAMES, 'mcp'];
}

/** The spec of a command, loading its module; undefined for an unknown name. */
async function commandSpec(name: string): Promise<CommandSpec | undefined> {
  const load = COMMAND_MODULES.find(([known]) => known === name)?.[1];
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
  );
  return `Usage: locus <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nCommon options: --root DIR (default: current directory), --json, --trust, --help,\n  --progress (status on stderr even when it is not a terminal), --quiet (no status line);\n  locus <command> --help lists a command's flags. locus -V, --version prints the version.\n\n${SYNTAX_HELP}`;
}

const SHORT_USAGE = 'Usage: locus <command> [options]   (locus --help lists the commands)';

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  preferFastStartup(); // every command is one process for one answer (docs/performance.md, "Cold start")
  const [name, ...rest] = argv;
  if (name === undefined) {
    err(`${SHORT_USAGE}\n\n${await help()}`);
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    out(await help());
    return EXIT.ok;
  }
  if (name === '--version' || name === '-V') {
    out(`locus ${packageVersion()}`);
    return EXIT.ok;
  }
  const command = await commandSpec(name);
  if (!command) {
    const guess = didYouMean(name, commandNames());
    err(`locus: unknown command "${name}".${guess ? ` Did you mean "${guess}"?` : ''}\n${SHORT_USAGE}`);
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
      },
    });
    if (values.help) {
      out(`${commandHelp(command)}\n\n${SYNTAX_HELP}`);
      return EXIT.ok;
    }
    const root = typeof values.root === 'string' ? values.root : process.cwd();
    const status = statusLine({ progress: values.progress === true, quiet: values.quiet === true });
    // The status line goes before any answer or message is written, not after it.
    setBeforeOutput(status.erase);
    try {
      return await command.run({
        positionals,
        values,
        root,
        json: values.json === true,
        trust: values.trust === true,
        ...(status.onProgress ? { onProgress: status.onProgress } : {}),
      });
    } finally {
      status.done();
      setBeforeOutput(undefined);
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      err(`locus ${name}: ${error.message}\nUsage: ${command.usage}`);
      if (json) {
        const usage = { code: 'INVALID_ARGUMENT', message: error.message, hint: `Usage: ${command.usage}` };
        out(JSON.stringify({ ok: false, error: usage }));
      }
      return EXIT.usage;
    }
    const coded = toLocusError(error);
    if (json) out(JSON.stringify({ ok: false, error: coded.toData() }));
    else err(renderError(coded.toData(), cliWording(name)));
    return coded.code === 'INTERNAL' ? EXIT.failed : exitFor(coded.toData());
  }
}
