/**
 * Section "verify" (issue 13): the cost of verified edits and of diagnostics, per server, on the fixture
 * projects of section 5 (copied to a temp dir). Verify cost = rename preview with `verify` − without (same
 * rename, safety checks included in both). Diagnostics: the `diagnostics` operation after an on-disk edit (the
 * server must re-check; pushed servers add the quiet period) beside the raw pull request where the server
 * supports pulling (TypeScript 7).
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPS_CASES } from '../lib/ops-cases.js';
import { REPO } from '../lib/sources.js';
import { ms, table } from '../lib/markdown.js';
import { summarize, timedOutcome } from '../lib/stats.js';
import { measureEachCase } from '../lib/servers.js';

async function measureCase(ctx, testCase) {
  const root = mkdtempSync(path.join(tmpdir(), `locus-bench-verify-${testCase.language}-`));
  cpSync(path.join(REPO, 'test/fixtures', testCase.fixture), root, { recursive: true });
  const locus = ctx.lib.createLocus({ root });
  const [at, newName] = testCase.rename;
  const file = ctx.lib.parseLocate(at).file_path;
  const abs = path.join(root, file);
  const rows = { plain: [], verified: [], diagnostics: [], rawPull: [] };
  let filesChecked = 0;
  let mode = '';
  try {
    await timedOutcome(() => locus.rename(at, newName, { verify: true }));
    await timedOutcome(() => locus.diagnostics([file]));
    const session = locus.context.lsp.sessionFor(abs);
    const original = readFileSync(abs, 'utf8');
    for (let i = 0; i < ctx.config.opsIterations; i++) {
      rows.plain.push((await timedOutcome(() => locus.rename(at, newName))).ms);
      const verified = await timedOutcome(() => locus.rename(at, newName, { verify: true }));
      rows.verified.push(verified.ms);
      filesChecked = verified.result.verification?.files_checked ?? 0;
      appendFileSync(
        abs,
        `\n${testCase.language === 'python' || testCase.language === 'bash' ? '#' : '//'} edit ${i}\n`,
      );
      const diag = await timedOutcome(() => locus.diagnostics([file]));
      rows.diagnostics.push(diag.ms);
      mode = diag.result.files[0]?.mode ?? '';
      if (session.info().capabilities?.diagnosticProvider) {
        const raw = await session.rawRequest('textDocument/diagnostic', {
          textDocument: { uri: ctx.lib.lsp.pathToUri(abs) },
        });
        rows.rawPull.push(raw.ms);
      }
      writeFileSync(abs, original);
    }
  } finally {
    await locus.close();
    rmSync(root, { recursive: true, force: true });
  }
  const sum = Object.fromEntries(
    Object.entries(rows).map(([k, v]) => [k, v.length ? summarize(v) : undefined]),
  );
  return { language: testCase.language, server: testCase.server, filesChecked, mode, ...sum };
}

/** Runs the section. */
export async function runVerify(ctx) {
  const { rows, skipped } = await measureEachCase(
    ctx.lib.lsp,
    OPS_CASES,
    (testCase) => ({ language: testCase.language }),
    (testCase) => measureCase(ctx, testCase),
  );
  return { cases: rows, skipped };
}

/** Markdown for the section. */
export function renderVerify(result) {
  const rows = result.cases.map((c) =>
    c.error
      ? [c.server, c.language, '–', '–', '–', '–', '–', '–', `n/a (${c.error})`]
      : [
          c.server,
          c.language,
          ms(c.plain.p50),
          ms(c.verified.p50),
          ms(c.verified.p50 - c.plain.p50),
          String(c.filesChecked),
          `${ms(c.diagnostics.p50)} (${c.mode})`,
          c.rawPull ? ms(c.rawPull.p50) : 'n/a (pushed)',
          '',
        ],
  );
  return [
    '### Verified edits and diagnostics (issue 13)',
    table(
      [
        'server',
        'language',
        'rename preview p50',
        'rename + verify p50',
        'verify cost',
        'files checked',
        'diagnostics after an edit p50',
        'raw pull request p50',
        'note',
      ],
      rows,
    ),
    ...result.skipped.map((s) => `- skipped ${s.language} (${s.server}): ${s.reason}`),
  ].join('\n\n');
}
