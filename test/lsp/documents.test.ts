/**
 * Document store bookkeeping (docs/architecture.md, "One cache, one wait"): at most `maxOpen` documents stay open,
 * the least recently synced is closed, and `settled` waits (bounded) for files changed behind a request. The
 * connection here only records what the store sends: what a server does with it is covered by the server suites.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { LspConnection } from '../../src/lsp/connection.js';
import { DocumentStore } from '../../src/lsp/documents.js';
import { pathToUri } from '../../src/lsp/uri.js';

const root = mkdtempSync(path.join(tmpdir(), 'locus-documents-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.useRealTimers();
});

function file(name: string): string {
  const full = path.join(root, name);
  writeFileSync(full, `// ${name}\n`);
  return full;
}

function recording(): { connection: LspConnection; sent: string[] } {
  const sent: string[] = [];
  const connection = {
    notify: async (type: { method: string }, params: { textDocument: { uri: string } }) => {
      sent.push(`${type.method.replace('textDocument/', '')} ${path.basename(params.textDocument.uri)}`);
    },
  } as unknown as LspConnection;
  return { connection, sent };
}

describe('DocumentStore', () => {
  it('closes the least recently synced document beyond maxOpen', async () => {
    const { connection, sent } = recording();
    const store = new DocumentStore(connection, () => 'typescript', false, 2);
    const [a, b, c, d] = ['a.ts', 'b.ts', 'c.ts', 'd.ts'].map(file) as [string, string, string, string];
    await store.sync(a, '// a.ts\n');
    await store.sync(b, '// b.ts\n');
    await store.sync(c, '// c.ts\n');
    await store.sync(b, '// b.ts\n');
    await store.sync(d, '// d.ts\n');
    expect(sent).toEqual([
      'didOpen a.ts',
      'didOpen b.ts',
      'didOpen c.ts',
      'didClose a.ts',
      'didOpen d.ts',
      'didClose c.ts',
    ]);
    expect(store.openUris().sort()).toEqual([pathToUri(b), pathToUri(d)].sort());
  });

  it('settles when diagnostics arrived for every file changed behind the request, or says it timed out', async () => {
    vi.useFakeTimers();
    const { connection } = recording();
    const store = new DocumentStore(connection, () => 'c', true);
    const [x, y] = ['x.c', 'y.c'].map(file) as [string, string];
    await store.openChanged(x, '// x.c\n');
    await store.openChanged(y, '// y.c\n');
    const waiting = store.settled(60_000);
    store.diagnosticsArrived(pathToUri(x));
    store.diagnosticsArrived(pathToUri(y));
    await expect(waiting).resolves.toBe(true);

    const z = file('z.c');
    await store.openChanged(z, '// z.c\n');
    const late = store.settled(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(late).resolves.toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not count a set (or an idle) for a version older than the change still due', async () => {
    vi.useFakeTimers();
    const { connection } = recording();
    const store = new DocumentStore(connection, () => 'c', true);
    const x = file('v.c');
    await store.openChanged(x, '// v.c\n');
    await store.documentChanged(x, '// v.c, second\n');
    await store.documentChanged(x, '// v.c, third\n');
    const waiting = store.settled(60_000);
    let answered = false;
    void waiting.then(() => (answered = true));
    store.diagnosticsArrived(pathToUri(x), 2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(answered).toBe(false);
    store.diagnosticsArrived(pathToUri(x), 3);
    await expect(waiting).resolves.toBe(true);

    // A server that does not say which version a set is for: any set counts.
    await store.documentChanged(x, '// v.c, fourth\n');
    const unversioned = store.settled(60_000);
    store.diagnosticsArrived(pathToUri(x));
    await expect(unversioned).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
