/**
 * One language detection for outline and LSP (issue 13 item 6, docs/languages.md): an extension-less
 * script is bash for the servers too, and a `.h` the operations decided is C++ is opened as `cpp`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lspLanguageId, serverLanguageOfFile } from '../../src/lsp/languages.js';
import { LspManager } from '../../src/lsp/manager.js';
import { FileLanguages } from '../../src/workspace/file-language.js';

const root = mkdtempSync(path.join(tmpdir(), 'locus-lsp-languages-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('language detection shared by the syntax and LSP layers', () => {
  it('routes an extension-less bash script to the bash server, as the outline reads it', async () => {
    const script = path.join(root, 'deploy');
    const text = '#!/usr/bin/env bash\nmain() { echo hi; }\n';
    writeFileSync(script, text);
    const languages = new FileLanguages(root);
    expect(languages.languageOf(script, { text })).toBe('bash');
    expect(serverLanguageOfFile(script, new FileLanguages(root))).toBe('bash');
    expect(lspLanguageId(script, new FileLanguages(root))).toBe('shellscript');
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
    expect(lspLanguageId(header, new FileLanguages(root))).toBe('c');
    // Decisions belong to one manager's languages: another one (another context) does not see them.
    const decided = new FileLanguages(root);
    decided.remember(header, 'cpp');
    expect(lspLanguageId(header, decided)).toBe('cpp');
    expect(serverLanguageOfFile(header, decided)).toBe('cpp');
    expect(lspLanguageId(header, new FileLanguages(root))).toBe('c');
  });
});
