/** Pure parts of the LSP layer: stdout framing guard, position mapping, restart backoff, compile database. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineIndex, LocusError } from '../../src/core/index.js';
import { PositionMapper } from '../../src/lsp/encoding.js';
import { guardFraming } from '../../src/lsp/framing-guard.js';
import { RestartPolicy } from '../../src/lsp/restart-policy.js';
import { prepareCompileCommands } from '../../src/lsp/servers/compile-commands.js';
import { at, removeDir } from './support.js';

function guarded(chunks: (string | Buffer)[]): string | undefined {
  const stream = new PassThrough();
  let sample: string | undefined;
  guardFraming(
    stream,
    (s) => (sample ??= s),
    (declared) => (sample ??= `oversized ${declared}`),
  );
  for (const chunk of chunks) if (!stream.destroyed) stream.write(chunk);
  return sample;
}

function frame(body: string): string {
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('framing guard', () => {
  it('accepts well-framed messages, split anywhere, with extra headers and multi-byte bodies', () => {
    const text = frame('{"jsonrpc":"2.0","id":1,"result":"😀"}') + frame('{"jsonrpc":"2.0","method":"x"}');
    const withType = 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n' + frame('{}');
    const bytes = Buffer.from(text + withType);
    const pieces = [...bytes].map((b) => Buffer.from([b]));
    expect(guarded(pieces)).toBeUndefined();
  });

  it.each([
    ['plain text', 'hello world\n'],
    ['a bare JSON body', '{"jsonrpc":"2.0"}\r\n\r\n'],
    ['a header without Content-Length', 'Content-Type: x\r\n\r\n{}'],
    ['LF-only line ends', 'Content-Length: 2\n\n{}'],
  ])('reports %s', (_name, text) => {
    expect(guarded([text])).toBeDefined();
  });

  it('reports a declared body over 64 MiB as soon as its header ends, and accepts one at the cap', () => {
    expect(guarded(['Content-Length: 99999999999\r\n\r\n{'])).toBe('oversized 99999999999');
    expect(guarded([`Content-Length: ${64 * 1024 * 1024}\r\n\r\n{`])).toBeUndefined();
  });
});

describe('position mapping', () => {
  const text = 'x = "😀é"; y = foo(1)\n';
  const uri = 'file:///m.py';
  const lines = (): LineIndex => new LineIndex(text);

  it('converts UTF-16 to UTF-8 and UTF-32 and back', () => {
    const p = at(text, 'y = <|>foo');
    const utf8 = new PositionMapper('utf-8', lines);
    const utf32 = new PositionMapper('utf-32', lines);
    expect(utf8.toServer(uri, p).character).toBe(Buffer.byteLength(text.slice(0, p.character)));
    expect(utf32.toServer(uri, p).character).toBe([...text.slice(0, p.character)].length);
    expect(utf8.position(uri, utf8.toServer(uri, p))).toEqual(p);
    expect(utf32.position(uri, utf32.toServer(uri, p))).toEqual(p);
  });

  it('is the identity for utf-16', () => {
    const edit = {
      changes: { [uri]: [{ range: { start: at(text, '<|>x'), end: at(text, 'x<|> ') }, newText: 'z' }] },
    };
    expect(new PositionMapper('utf-16', lines).workspaceEdit(edit)).toBe(edit);
  });
});

describe('restart policy', () => {
  it('restarts at once, then backs off, then stops at the cap until the window passes', () => {
    const policy = new RestartPolicy(3, 60_000);
    const error = new LocusError('SERVER_FAILED', 'boom');
    expect(policy.delayBeforeStart('s', 0)).toBe(0);
    policy.recordFailure(error, 1000);
    expect(policy.delayBeforeStart('s', 1000)).toBe(0);
    policy.recordFailure(error, 1000);
    expect(policy.delayBeforeStart('s', 1000)).toBe(250);
    policy.recordFailure(error, 2000);
    expect(policy.delayBeforeStart('s', 2000)).toBe(500);
    policy.recordFailure(error, 3000);
    expect(() => policy.delayBeforeStart('s', 3000)).toThrow(/failed 4 times/);
    expect(policy.delayBeforeStart('s', 62_500)).toBe(0);
  });
});

describe('compile database for clangd', () => {
  it('generates entries for C and C++ sources with include dirs, or copies the project one', async () => {
    const root = mkdtempSync(join(tmpdir(), 'locus-cdb-'));
    writeFileSync(join(root, 'a.c'), '');
    writeFileSync(join(root, 'b.cpp'), '');
    writeFileSync(join(root, 'b.h'), '');
    const out = join(root, 'scratch');
    expect(await prepareCompileCommands(root, out)).toEqual({ generated: true, files: 2 });
    const entries = JSON.parse(readFileSync(join(out, 'compile_commands.json'), 'utf8')) as {
      arguments: string[];
    }[];
    expect(entries.map((e) => e.arguments[0])).toEqual(['clang', 'clang++']);
    expect(entries[0]?.arguments).toContain(`-I${root}`);
    writeFileSync(join(root, 'compile_commands.json'), '[]');
    expect((await prepareCompileCommands(root, out)).generated).toBe(false);
    expect(readFileSync(join(out, 'compile_commands.json'), 'utf8')).toBe('[]');
    removeDir(root);
  });
});
