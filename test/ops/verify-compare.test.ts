/**
 * How verification tells new errors from old ones (src/ops/edits/verify-compare.ts): by code and message, with the
 * new name of a rename read as the old one on both sides; a file whose baseline says the server cannot build it is
 * "not verifiable" and none of its errors count.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { cannotBuild, compareErrors, type ComparedFile } from '../../src/ops/edits/verify-compare.js';

const at = (line: number): Diagnostic['range'] => ({
  start: { line, character: 0 },
  end: { line, character: 1 },
});
const d = (message: string, code?: string, line = 0): Diagnostic => ({
  message,
  range: at(line),
  ...(code ? { code } : {}),
});
const file = (relPath: string, baseline: Diagnostic[], errors: Diagnostic[]): ComparedFile => ({
  relPath,
  after: 'line one\nline two\n',
  baseline,
  errors,
});

describe('verification comparison', () => {
  it('an error the rename only re-spells is not new; one it adds is', () => {
    const names = { oldName: 'Accept', newName: 'Visit' };
    const v = compareErrors(
      [
        file(
          'a.cpp',
          [d("No member named 'Accept' in 'Other'", 'no_member')],
          [
            d("No member named 'Visit' in 'Other'", 'no_member'),
            d("Redefinition of 'Visit'", 'redefinition', 1),
          ],
        ),
      ],
      true,
      [],
      names,
    );
    expect(v.new_errors.map((e) => [e.message, e.snippet])).toEqual([
      ["Redefinition of 'Visit'", '2 | line two'],
    ]);
    expect(v.summary).toBe('verified: 1 new error in 1 file');
  });

  it('an error that already named the new name before the rename is not new either', () => {
    const v = compareErrors(
      [
        file(
          'a.c',
          [d("Use of undeclared identifier 'next_cb'")],
          [d("Use of undeclared identifier 'next_cb'")],
        ),
      ],
      true,
      [],
      { oldName: 'next_input_cb', newName: 'next_cb' },
    );
    expect(v.new_errors).toEqual([]);
  });

  it('a file the server cannot build is not verifiable, whatever it reports afterwards', () => {
    const v = compareErrors(
      [
        file('ok.c', [], []),
        file(
          'gen.c',
          [d("'config.h' file not found", 'pp_file_not_found')],
          [d('Unknown type name', 'unknown_typename')],
        ),
      ],
      true,
      [],
    );
    expect(v.new_errors).toEqual([]);
    expect(v.unverifiable).toEqual([
      { file_path: 'gen.c', reason: "the server cannot build it: 'config.h' file not found" },
    ]);
    expect(v.files_checked).toBe(1);
    expect(v.summary).toBe('verified: 0 new errors in 1 file; 1 not verifiable');
  });

  it.each([
    ["'config.h' file not found", 'pp_file_not_found'],
    ['too many errors emitted, stopping now', 'fatal_too_many_errors'],
    ['could not import github.com/x/y (no required module provides package)', undefined],
  ])('cannot build: %s', (message, code) => {
    expect(cannotBuild([d(message, code)])).toContain(message);
  });

  it('an ordinary error in the baseline does not make a file unverifiable', () => {
    expect(cannotBuild([d("Use of undeclared identifier 'x'", 'undeclared_var_use')])).toBeUndefined();
  });
});
