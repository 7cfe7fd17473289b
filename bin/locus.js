#!/usr/bin/env node
// Thin launcher for the two faces, bundled into dist/bundle/ by `npm run build` (run automatically by `npm ci`):
// `locus mcp` starts the MCP server, everything else is the command line. Neither face imports the other.
const argv = process.argv.slice(2);
// Node 20.19 is the first that `require()`s an ES module, which the bundle uses to load zod synchronously
// (docs/architecture.md, "Build"); say so instead of failing later on the first configuration file.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`locus: Node ${process.versions.node} is too old; Locus needs Node 20.19 or later.\n`);
  process.exit(2);
}
// A command is answered by the background Locus of its workspace when one can be used (docs/operations.md, "The
// daemon"); the client loads almost nothing, and falls back to answering in this process.
const inProcess = () => import('../dist/bundle/cli-main.js').then((m) => m.main(argv));
const run =
  argv[0] === 'mcp'
    ? import('../dist/bundle/mcp-main.js').then((m) => m.mcpMain(argv.slice(1)))
    : argv[0] === 'daemon'
      ? import('../dist/bundle/cli-main.js').then((m) => m.daemonCommand(argv.slice(1)))
      : import('../dist/bundle/cli-client.js')
          .then((m) => m.runClient(argv))
          .then((code) => code ?? inProcess());

run.then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    const message = `internal error: ${error instanceof Error ? error.message : String(error)}`.slice(
      0,
      2000,
    );
    // `--json` callers get JSON even for a bug (or a failed import), never bare text.
    if (argv.includes('--json'))
      process.stdout.write(`${JSON.stringify({ ok: false, error: { code: 'INTERNAL', message } })}\n`);
    process.stderr.write(`locus: ${message}\n`);
    process.exitCode = 1;
  },
);
