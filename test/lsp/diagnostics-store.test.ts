/**
 * The store of published diagnostics (src/lsp/diagnostics.ts): a set for an older document version than the server
 * has heard since is not taken; a set for the very version synced another way (an applied edit) needs no new one;
 * while clangd says it builds a file, its sets are provisional until it is idle again. Outcomes only: the waits are
 * bounded by generous deadlines and end on events.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { DiagnosticsStore } from '../../src/lsp/diagnostics.js';

const URI = 'file:///tmp/x.c';
const error = (message: string): Diagnostic => ({
  message,
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
});
const FAR = (): number => performance.now() + 10_000;

describe('diagnostics store', () => {
  it('keeps no set for an older version than the last one sent', async () => {
    const store = new DiagnosticsStore();
    store.noteSync(URI, 'v2 text', 2);
    expect(store.arrived(URI, [error('stale')], 1)).toBe(false);
    expect(store.arrived(URI, [error('fresh')], 2)).toBe(true);
    const { list, settled } = await store.settle(URI, 0, FAR());
    expect(settled).toBe(true);
    expect(list.map((d) => d.message)).toEqual(['fresh']);
  });

  it('awaits nothing new when the set for this version already arrived (an applied edit reached the server)', async () => {
    const store = new DiagnosticsStore();
    store.noteSync(URI, 'old', 1);
    store.arrived(URI, [], 1);
    store.arrived(URI, [error('after apply')], 2);
    store.noteSync(URI, 'new', 2);
    const { list, settled } = await store.settle(URI, 0, FAR());
    expect(settled).toBe(true);
    expect(list.map((d) => d.message)).toEqual(['after apply']);
  });

  it('takes a set published while the file is being built as provisional, until it is idle', async () => {
    const store = new DiagnosticsStore();
    store.noteSync(URI, 'text', 3);
    store.status(URI, false);
    store.arrived(URI, [error('built with the old includes')], 3);
    expect(store.isBusy(URI)).toBe(true);
    const waiting = store.settle(URI, 0, FAR());
    store.arrived(URI, [], 3);
    store.status(URI, true);
    const { list, settled } = await waiting;
    expect(settled).toBe(true);
    expect(list).toEqual([]);
  });

  it('says a busy file did not settle when the deadline passes first', async () => {
    const store = new DiagnosticsStore();
    store.noteSync(URI, 'text', 1);
    store.arrived(URI, [error('provisional')], 1);
    store.status(URI, false);
    const { settled } = await store.settle(URI, 0, performance.now() + 50);
    expect(settled).toBe(false);
  });
});
