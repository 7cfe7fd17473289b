/**
 * One language detection for outline and LSP (issue 13 item 6, docs/languages.md): an extension-less
 * script is bash for the servers too, and a `.h` the operations decided is C++ is opened as `cpp`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LanguageDecisions, languageOfPath, lspLanguageId } from '../../src/lsp/languages.js';
import { LspManager } from '../../src/lsp/manager.js';
import { languageForPath } from '../../src/syntax/registry.js';

const root = mkdtempSync(path.join(tmpdir(), 'locus-lsp-languages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('language detection shared by the syntax and LSP layers', () => {
  it('routes an extension-less bash script to the bash server, as the outline reads it', async () => {
    const script = path.join(root, 'deploy');
    const text = '#!/usr/bin/env bash\nmain() { echo hi; }\n';
    writeFileSync(script, text);
    expect(languageForPath(script, text)).toBe('bash');
    expect(languageOfPath(script)).toBe('bash');
    expect(lspLanguageId(script)).toBe('shellscript');
    const manager = new LspManager({ workspaceRoot: root });
    try {
      expect(manager.sessionFor(script).adapter.id).toBe('bash');
    } finally {
      await manager.closeAll();
    }
  });

  it('keeps UNSUPPORTED_LANGUAGE for a file no rule recognises', async () => {
    const notes = path.join(root, 'NOTES');
    writeFileSync(notes, 'just text\n');
    const manager = new LspManager({ workspaceRoot: root });
    try {
      expect(() => manager.sessionFor(notes)).toThrow(/No language server/);
    } finally {
      await manager.closeAll();
    }
  });

  it('tells the server the language the operations decided for a .h', async () => {
    const header = path.join(root, 'widget.h');
    writeFileSync(header, 'int f(void);\n');
    expect(lspLanguageId(header)).toBe('c');
    const decisions = new LanguageDecisions();
    decisions.remember(header, 'cpp');
    expect(lspLanguageId(header, decisions)).toBe('cpp');
    expect(languageOfPath(header, decisions)).toBe('cpp');
    // Decisions belong to one manager: another one (another context) does not see them.
    const manager = new LspManager({ workspaceRoot: root });
    const other = new LspManager({ workspaceRoot: root });
    try {
      manager.forFile(header, 'cpp');
      expect(manager.languageOf(header)).toBe('cpp');
      expect(other.languageOf(header)).toBe('c');
    } finally {
      await manager.closeAll();
      await other.closeAll();
    }
  });
});
