/**
 * Command-based code actions on clangd: "Expand macro" runs `workspace/executeCommand`; the edit clangd sends
 * back (`workspace/applyEdit`, answered "not applied") is the preview; only apply (with the preview's
 * fingerprint) writes it, through the usual all-or-nothing machinery.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { describeWithServer } from '../helpers/require-server.js';

const SOURCE = '#define SQUARE(x) ((x) * (x))\n\nint f(int a) {\n  return SQUARE(a);\n}\n';
const AT = 'm.c:f@<|>SQUARE(a)';

describeWithServer('clangd', 'command-based code actions — clangd tweaks', () => {
  let dir: string;
  let locus: Locus;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'locus-command-actions-'));
    writeFileSync(
      path.join(dir, 'compile_commands.json'),
      '[{"directory":".","file":"m.c","command":"cc -c m.c"}]',
    );
    writeFileSync(path.join(dir, 'm.c'), SOURCE);
    locus = createLocus({ root: dir });
  });
  afterAll(async () => {
    await locus?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the tweak as a server command, previews its captured edit, and writes nothing', async () => {
    const listed = await locus.codeActions(AT);
    if (!listed.ok) throw new Error(listed.error.message);
    const expand = listed.actions.find((a) => a.title.startsWith('Expand macro'));
    expect(expand).toMatchObject({ has_edit: false, via_command: true });
    const preview = await locus.codeActions(AT, { select: expand?.title as string });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.selected?.diff).toContain('-  return SQUARE(a);');
    expect(preview.selected?.diff).toContain('((a) * (a))');
    expect(preview.selected?.applied).toBe(false);
    expect(readFileSync(path.join(dir, 'm.c'), 'utf8')).toBe(SOURCE);

    const applied = await locus.codeActions(AT, {
      select: expand?.title as string,
      fingerprint: preview.selected?.fingerprint as string,
    });
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.selected?.applied).toBe(true);
    expect(readFileSync(path.join(dir, 'm.c'), 'utf8')).toContain('((a) * (a))');
  });
});
