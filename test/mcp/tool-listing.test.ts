/**
 * The server answers `tools/list` from the listing the build wrote next to the bundle (src/mcp/tool-listing.ts).
 * It must be what the sources list: the same tools, descriptions and schemas. And it must stay small: an agent
 * pays for the whole listing at every connection (issue 26 §3, docs/mcp.md "Tools"), so the real answer of the
 * real server, as bytes on its stdout, is measured against the limit; the locate syntax it no longer repeats is
 * in the instructions.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTRUCTIONS } from '../../src/mcp/server.js';
import { listTools } from '../../src/mcp/tools/index.js';
import { ensureBuilt, removeDir, REPO, tempDir } from './support.js';

const BUILT = path.resolve(import.meta.dirname, '../../dist/bundle/tools-list.json');
/** The most `tools/list` may weigh on the wire (issue 26, "Done when"). */
const TOOLS_LIST_LIMIT_BYTES = 40 * 1024;

const root = tempDir('tool-listing');
beforeAll(async () => {
  await ensureBuilt();
});
afterAll(() => removeDir(root));

/** Starts `locus mcp`, initializes, asks `tools/list`; resolves to the raw lines of both answers. */
async function listOverStdio(): Promise<{ initialize: string; toolsList: string }> {
  const child = spawn(process.execPath, [path.join(REPO, 'bin', 'locus.js'), 'mcp', '--root', root], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout });
  const answers = new Map<number, string>();
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'size', version: '1' } },
  });
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
  for await (const line of lines) {
    const id = (JSON.parse(line) as { id?: number }).id;
    if (id !== undefined) answers.set(id, line);
    if (answers.size === 2) break;
  }
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  return { initialize: answers.get(1) ?? '', toolsList: answers.get(2) ?? '' };
}

describe('the built tool listing', () => {
  it('equals the listing of the sources', () => {
    const built = JSON.parse(readFileSync(BUILT, 'utf8')) as ReturnType<typeof listTools>;
    expect(built).toEqual(JSON.parse(JSON.stringify(listTools())));
    expect(built.tools.map((t) => t.name)).toContain('references');
  });
});

describe('the size of tools/list', () => {
  it('is within the limit as the real server sends it, with the locate syntax once, in the instructions', async () => {
    const { initialize, toolsList } = await listOverStdio();
    const listed = JSON.parse(toolsList) as { result: ReturnType<typeof listTools> };
    expect(listed.result.tools.map((t) => t.name)).toEqual(listTools().tools.map((t) => t.name));
    expect(Buffer.byteLength(toolsList, 'utf8')).toBeLessThanOrEqual(TOOLS_LIST_LIMIT_BYTES);
    // The syntax's own lines (the marker rule, the escape) appear once: in the instructions, not per tool.
    expect(toolsList).not.toContain('Marker rule');
    expect(toolsList).not.toContain('<<|>>');
    const instructions = (JSON.parse(initialize) as { result: { instructions: string } }).result.instructions;
    expect(instructions).toBe(INSTRUCTIONS);
    for (const part of ['path[:scope][@find]', 'Marker rule', '<<|>>', 'symbol_path', 'find_index'])
      expect(instructions, part).toContain(part);
  });
});
