#!/usr/bin/env node
// Thin launcher for the two faces, compiled to dist/ by `npm run build` (run automatically by `npm ci`):
// `locus mcp` starts the MCP server, everything else is the command line. Neither face imports the other.
const argv = process.argv.slice(2);
const run =
  argv[0] === 'mcp'
    ? import('../dist/mcp/main.js').then((m) => m.mcpMain(argv.slice(1)))
    : import('../dist/cli/main.js').then((m) => m.main(argv));

run.then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(
      `locus: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
