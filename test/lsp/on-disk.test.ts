import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CodeAction, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { actionOnDisk, editsOnDisk, onDisk } from '../../src/lsp/on-disk.js';
import { pathToUri } from '../../src/lsp/uri.js';

const root = mkdtempSync(path.join(tmpdir(), 'locus-on-disk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const here = pathToUri(path.join(root, 'here.sh'));
const gone = pathToUri(path.join(root, 'gone.sh'));
writeFileSync(path.join(root, 'here.sh'), 'f() { :; }\n');
const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
const edit = { range: at, newText: 'g' };

describe('answers about files no longer on disk', () => {
  it('locations in a deleted file are left out; other schemes are kept', () => {
    const other = 'untitled:Untitled-1';
    const kept = onDisk([
      { uri: here, range: at },
      { uri: gone, range: at },
      { uri: other, range: at },
    ]);
    expect(kept.map((l) => l.uri)).toEqual([here, other]);
  });

  it('edits of a deleted file are left out unless the edit creates or renames to it', () => {
    const changes: WorkspaceEdit = { changes: { [here]: [edit], [gone]: [edit] } };
    expect(Object.keys(editsOnDisk(changes).changes ?? {})).toEqual([here]);
    const created: WorkspaceEdit = {
      documentChanges: [
        { kind: 'create', uri: gone },
        { textDocument: { uri: gone, version: null }, edits: [edit] },
      ],
    };
    expect(editsOnDisk(created).documentChanges).toHaveLength(2);
  });

  it("a code action's edit is filtered the same way; a command is kept", () => {
    const action: CodeAction = { title: 'fix', edit: { changes: { [here]: [edit], [gone]: [edit] } } };
    expect(Object.keys(actionOnDisk(action).edit?.changes ?? {})).toEqual([here]);
    const command = { title: 'run', command: 'x.run' };
    expect(actionOnDisk(command)).toBe(command);
  });
});
