/**
 * A server given by `command` that no recipe describes gets the generic readiness rule (docs/languages.md,
 * "Readiness"): never "nothing found" from a server that is not ready. Driven by the scripted fake server, which
 * can stay silent (a real server cannot on demand) or report its project loading with `$/progress`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LspManager } from '../../src/lsp/manager.js';
import type { LspConfig } from '../../src/lsp/config.js';
import type { Session } from '../../src/lsp/session.js';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { renderReferences } from '../../src/render/locations.js';
import { FAKE_SERVER, removeDir } from './support.js';

const TEXT = 'def area(r):\n    return r\n\narea(2)\n';
const open: { root: string; close: () => Promise<void> }[] = [];

/** A workspace with one Python file and the fake server configured for it by command alone. */
function workspace(flags: string[]): { root: string; file: string; config: Partial<LspConfig> } {
  const root = mkdtempSync(join(tmpdir(), 'locus-generic-ready-'));
  const file = join(root, 'shapes.py');
  writeFileSync(file, TEXT);
  const config: Partial<LspConfig> = {
    readyTimeoutMs: 1500,
    initializeTimeoutMs: 60_000,
    languages: { python: { command: process.execPath, args: [FAKE_SERVER, ...flags] } },
  };
  return { root, file, config };
}

function session(flags: string[]): { session: Session; file: string } {
  const { root, file, config } = workspace(flags);
  const manager = new LspManager({ workspaceRoot: root, config });
  open.push({ root, close: () => manager.closeAll() });
  return { session: manager.forFile(file) as Session, file };
}

afterEach(async () => {
  for (const { root, close } of open.splice(0)) {
    await close();
    removeDir(root);
  }
});

describe('a configured server without a recipe', () => {
  it('is served by the generic rule, not "ready at once"', () => {
    const { session: s } = session([]);
    expect(s.adapter.id).toBe('configured:python');
    expect(s.adapter.readiness).toEqual([{ kind: 'settled', quietMs: expect.any(Number) }]);
  });

  it('that never signals: references wait the bound and say readiness could not be established', async () => {
    const { session: s, file } = session([]);
    const references = await s.references(file, TEXT, { line: 3, character: 0 });
    expect(references.result).toEqual([]);
    expect(references.possiblyIncomplete).toBe(true);
    expect(references.incompleteReason).toMatch(
      /^python server \(.*\) gave no sign of readiness \(no progress, status or diagnostics\) after waiting \d/,
    );
    const definition = await s.definition(file, TEXT, { line: 3, character: 0 });
    expect(definition.result).toHaveLength(1);
    expect(definition.possiblyIncomplete).toBe(true);
  });

  it('that reports its project loading: ready once the progress ended and the server went quiet', async () => {
    const { session: s, file } = session(['--load-progress', '--ready-after=0']);
    const references = await s.references(file, TEXT, { line: 3, character: 0 });
    expect(references.possiblyIncomplete).toBe(false);
    expect(references.incompleteReason).toBeUndefined();
    expect(s.info().ready).toBe(true);
  });

  it('the answer an agent reads says the server was not ready instead of "No references found." alone', async () => {
    const { root, config } = workspace([]);
    const locus: Locus = createLocus({ root, lspConfig: config });
    open.push({ root, close: () => locus.close() });
    const result = await locus.references('shapes.py@<|>area(2)');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.total).toBe(0);
    expect(result.possibly_incomplete).toBe(true);
    expect(renderReferences(result)).toMatch(
      /Note: python server \(.*\) gave no sign of readiness .*; this answer may be incomplete\.\n[\s\S]*No references found\./,
    );
  });
});
