/**
 * Face-neutral messages: every error code, carrying every kind of advice, rendered by both faces. MCP text
 * names tools and arguments and never a CLI command or flag; the CLI names commands and flags. Real failures
 * from the MCP face (offline, no server) are checked the same way.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advice } from '../../src/core/advice.js';
import type { ErrorCode } from '../../src/core/errors.js';
import { commandNames } from '../../src/cli/main.js';
import { cliWording } from '../../src/cli/wording.js';
import { failure } from '../../src/mcp/result.js';
import type { LocusMcpServer } from '../../src/mcp/server.js';
import { TOOLS } from '../../src/mcp/tools/index.js';
import { renderError } from '../../src/render/error.js';
import { rel, SRC, sourceFiles, stringLiterals } from '../helpers/source-tree.js';
import { connectInMemory, makeWorkspace, removeDir, text } from './support.js';

const CODES = {
  INVALID_LOCATE: true,
  FILE_NOT_FOUND: true,
  OUTSIDE_WORKSPACE: true,
  NOT_TEXT: true,
  UNSUPPORTED_LANGUAGE: true,
  SYMBOL_NOT_FOUND: true,
  SYMBOL_AMBIGUOUS: true,
  LINE_OUT_OF_RANGE: true,
  NO_MATCH: true,
  MATCH_INDEX_OUT_OF_RANGE: true,
  SERVER_NOT_INSTALLED: true,
  SERVER_FAILED: true,
  TIMEOUT: true,
  CAPABILITY_MISSING: true,
  FILE_CHANGED: true,
  INVALID_ARGUMENT: true,
  CONFIG_INVALID: true,
  WRITE_FAILED: true,
  CANCELLED: true,
  NOT_READABLE: true,
  LIMIT_EXCEEDED: true,
  READ_ONLY: true,
  UNSAFE_EDIT: true,
  INTERNAL: true,
} satisfies Record<ErrorCode, true>;

const ADVICE = {
  'next-page': { kind: 'next-page', page: 2, pages: 3 },
  'see-outline': { kind: 'see-outline', file: 'src/cart.py' },
  deeper: { kind: 'deeper', depth: 1, hidden: 12 },
  'raise-limit': { kind: 'raise-limit', more: 4 },
  'apply-preview': { kind: 'apply-preview', fingerprint: '0123456789abcdef' },
  'full-diff': { kind: 'full-diff' },
  'check-root': { kind: 'check-root' },
  force: { kind: 'force' },
  'full-detail': { kind: 'full-detail', what: 'the diff' },
  verify: { kind: 'verify' },
  'find-symbol': { kind: 'find-symbol', path: 'src/**/*.py' },
  search: { kind: 'search', pattern: 'src/**/*.py@raise <|>ValueError' },
} satisfies { [K in Advice['kind']]: Extract<Advice, { kind: K }> };

/** CLI flags and commands an MCP text must not mention: every command of the CLI's own table. */
const CLI_WORDS = new RegExp(`(^|[\\s\`(])--[a-z]|\\blocus (${commandNames().join('|')})\\b`);

describe('every code and every advice through both faces', () => {
  const advice = Object.values(ADVICE) as Advice[];
  for (const code of Object.keys(CODES) as ErrorCode[]) {
    it(code, () => {
      const error = { code, message: `something about ${code}`, hint: 'A neutral hint.', advice };
      for (const tool of TOOLS) {
        const mcp = text(failure(error, tool.name));
        expect(mcp, `${tool.name}: ${mcp}`).not.toMatch(CLI_WORDS);
        expect(mcp).toContain('A neutral hint.');
      }
      const cli = renderError(error, cliWording('references'));
      expect(cli).toMatch(/--page 2/);
      expect(cli).not.toMatch(/`page: |`limit`|full_diff/);
    });
  }
  it('every advice kind is worded differently by the two faces', () => {
    for (const item of Object.values(ADVICE) as Advice[]) {
      const mcp = text(failure({ code: 'NO_MATCH', message: 'm', advice: [item] }, 'outline'));
      const cli = renderError({ code: 'NO_MATCH', message: 'm', advice: [item] }, cliWording('outline'));
      expect(mcp).not.toBe(cli);
    }
  });
});

describe('real failures of the MCP face name no CLI command or flag', () => {
  let ws: string;
  let client: Client;
  let server: LocusMcpServer;
  beforeAll(async () => {
    ws = makeWorkspace();
    ({ client, server } = await connectInMemory({ root: ws }));
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    removeDir(ws);
  });
  const calls: [string, Record<string, unknown>][] = [
    ['locate', { locate: 'python/cart.py:Cart.nope' }],
    ['locate', { locate: 'python/missing.py:3' }],
    ['locate', { locate: '../../etc/passwd:1' }],
    ['outline', { file_path: 'python' }],
    ['outline', { file_path: 'python/cart.py', page: 99 }],
    ['locate', { locate: 'python/cart.py:999' }],
    ['locate', { locate: 'python/cart.py:Cart.total@return <|>nothing_like_this' }],
    ['locate', { locate: 'nothing_like_this_name' }],
    ['locate', { locate: 'python/*.py@def' }],
  ];
  it.each(calls)('%s %j', async (tool, args) => {
    const result = await client.callTool({ name: tool, arguments: args });
    expect(result.isError).toBe(true);
    expect(text(result)).not.toMatch(CLI_WORDS);
    expect(JSON.stringify(result.structuredContent)).not.toMatch(CLI_WORDS);
  });
});

/**
 * Text below the faces reaches both of them, so it names no CLI command: what to do next is `Advice`, worded by
 * each face. Only the CLI's own files, and the few texts listed here (with why), may name a command.
 */
const NAMES_A_COMMAND: Record<string, string> = {
  'mcp/main.ts': 'the usage line of `locus mcp` itself, on stderr when the server cannot start',
  'mcp/server.ts': 'the prefix of its log lines on stderr (`locus mcp: …`), which no agent reads',
  'config/schema.ts': 'describes a configuration key that exists for the CLI command `locus check`',
};

describe('no text below the faces names a CLI command', () => {
  const COMMAND = new RegExp(`\\blocus (${commandNames().join('|')})\\b`);
  const offenders = sourceFiles(SRC)
    .filter((f) => !rel(f).startsWith('cli/'))
    .flatMap((f) =>
      stringLiterals(f)
        .filter((literal) => COMMAND.test(literal.text))
        .map((literal) => ({ file: rel(f), at: `${rel(f)}:${literal.line}: ${literal.text.slice(0, 80)}` })),
    );
  it('only the listed files do', () => {
    expect(offenders.filter((o) => NAMES_A_COMMAND[o.file] === undefined).map((o) => o.at)).toEqual([]);
  });
  it('lists no file that no longer does', () => {
    const stale = Object.keys(NAMES_A_COMMAND).filter((f) => !offenders.some((o) => o.file === f));
    expect(stale).toEqual([]);
  });
});
