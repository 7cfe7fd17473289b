/**
 * The outline of one file too big to parse on the calling thread (over 4 Mi characters: docs/performance.md,
 * "Memory"), parsed the way the index parses every file — on a worker thread of its own (index/pool.ts), whose
 * WebAssembly memory goes with it when it ends. Same symbols as the file's own outline would have.
 */
import { LocusError } from '../core/errors.js';
import type { Outline } from '../locate/outline.js';
import { fileFacts } from '../workspace/files.js';
import type { ExtractOutcome } from './extract.js';
import { outlineOfEntry } from './outline.js';
import { runJobs } from './pool.js';

/** The outline of `file` (relative to `root`) read as `language`; `LIMIT_EXCEEDED` when it cannot be parsed. */
export async function outlineAlone(
  root: string,
  file: string,
  language: string,
  maxBytes: number,
): Promise<Outline> {
  const facts = fileFacts(`${root}/${file}`);
  const job = { file: { path: file, size: facts?.size ?? 0, mtimeMs: facts?.mtimeMs ?? 0, language } };
  let outcome: ExtractOutcome | undefined;
  await runJobs([job], {
    root,
    maxBytes,
    maxWorkers: 1,
    minJobsForWorkers: 1,
    onOutcome: (o) => (outcome = o),
  });
  if (outcome?.kind === 'entry') return outlineOfEntry(outcome.entry);
  throw new LocusError('LIMIT_EXCEEDED', `${file} is too big to parse for its outline (the parse failed).`, {
    hint: 'Line scopes and finds work on any file: `FILE:LINE` or `FILE@text`.',
    details: { file },
  });
}
