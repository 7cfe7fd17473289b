/**
 * Regression (issue 13): the references header counted only the current page's files ("28 references in
 * 18 files" when the answer had 23 files). Totals of the whole answer and of the page are given separately.
 */
import { expect, it } from 'vitest';
import type { LocationRef } from '../../src/ops/context/locations.js';
import type { ReferencesResult } from '../../src/ops/navigation/references.js';
import { renderReferences } from '../../src/render/locations.js';

const ref = (file: string, line: number): LocationRef => ({
  file_path: file,
  position: { line, character: 0 },
  display: `${file}:${line + 1}:1`,
  snippet: `${line + 1} | use()`,
  locate: `${file}:${line + 1}`,
});

const cursor = {
  operation: 'references',
  file_path: 'a.py',
  position: { line: 0, character: 4 },
  display: 'a.py:1:5',
  symbol: null,
  snippet: 'def |use',
};

it('states whole-answer totals and the page totals separately', () => {
  const result: ReferencesResult = {
    ok: true,
    operation: 'references',
    cursor,
    total: 28,
    total_files: 23,
    page: 1,
    pages: 3,
    page_size: 10,
    files: [
      { file_path: 'a.py', references: [ref('a.py', 0), ref('a.py', 4)] },
      ...Array.from({ length: 8 }, (_, i) => ({ file_path: `f${i}.py`, references: [ref(`f${i}.py`, 1)] })),
    ],
  };
  const header = renderReferences(result)
    .split('\n')
    .find((l) => l.includes('reference(s) in'));
  expect(header).toBe('28 reference(s) in 23 file(s) — page 1 of 3: 10 reference(s) in 9 file(s):');
});

it('says nothing about pages when there is one', () => {
  const result: ReferencesResult = {
    ok: true,
    operation: 'references',
    cursor,
    total: 2,
    total_files: 1,
    page: 1,
    pages: 1,
    page_size: 100,
    files: [{ file_path: 'a.py', references: [ref('a.py', 0), ref('a.py', 4)] }],
  };
  expect(renderReferences(result)).toContain('\n2 reference(s) in 1 file(s):\n');
});
