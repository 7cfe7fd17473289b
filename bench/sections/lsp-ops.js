/**
 * Section 5 (docs/performance.md): LSP operations through Locus, per server, on the fixture projects (copied to a temp
 * dir). For every call, the Session methods the operation uses are observed (their answers carry
 * `timing.requestMs`, the raw JSON-RPC round trip), so Locus's overhead is measured on the very same call:
 * op wall time − Σ requestMs. The same request is also sent directly through the Session at the same position,
 * side by side, as a cross-check.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPS_CASES, SESSION_METHODS } from '../lib/ops-cases.js';
import { REPO } from '../lib/sources.js';
import { ms, ratio, table, verdict } from '../lib/markdown.js';
import { now, summarize } from '../lib/stats.js';
import { serverStatus } from '../lib/servers.js';

const OVERHEAD_MS = 2;
const OPS = [
  'definition',
  'references',
  'hover',
  'completion',
  'signatureHelp',
  'rename',
  'referencesLaterPage',
];

/** Wraps a session's request methods once so each answer's timing lands in `recorder.calls`. */
function observe(session, recorder) {
  if (session.benchObserved) return;
  session.benchObserved = true;
  session.benchOriginal = {};
  for (const method of Object.values(SESSION_METHODS).flat()) {
    const original = session[method].bind(session);
    session.benchOriginal[method] = original;
    session[method] = async (...args) => {
      const answer = await original(...args);
      recorder.calls.push(answer.timing);
      return answer;
    };
  }
}

/**
 * References answers are cached for later pages of the same question (docs/performance.md); the
 * `references` row must measure a fresh question, so the cache is invalidated before each call the way an
 * applied edit does (a new freshness epoch), and `referencesLaterPage` measures the cached page 2.
 */
function forgetAnswers(locus) {
  locus.context.freshness.noteChange();
}

function callOp(locus, op, spec) {
  if (op === 'references') forgetAnswers(locus);
  if (op === 'referencesLaterPage') return locus.references(spec, { page: 2, pageSize: 1 });
  if (op === 'rename') return locus.rename(spec[0], spec[1]);
  if (op === 'completion') return locus.completion(spec, { limit: 50 });
  return locus[op](spec);
}

async function direct(session, op, args, spec) {
  const o = session.benchOriginal;
  if (op === 'referencesLaterPage') return [(await o.references(...args)).timing];
  if (op === 'rename') {
    const a = await o.prepareRename(...args).catch(() => undefined);
    const b = await o.rename(...args, spec[1]);
    return [a?.timing, b.timing].filter(Boolean);
  }
  return [(await o[op](...args)).timing];
}

async function measureOp(ctx, locus, root, op, spec, recorder) {
  const at = Array.isArray(spec) ? spec[0] : spec;
  const file = ctx.lib.parseLocate(at).file_path;
  const abs = path.join(root, file);
  const session = locus.context.lsp.sessionFor(abs);
  observe(session, recorder);
  const firstStart = now();
  const first = await callOp(locus, op, spec);
  const firstMs = now() - firstStart;
  if (!first.ok) return { op, error: `${first.error.code}: ${first.error.message}`, firstMs };
  await callOp(locus, op, spec);
  const position = (await locus.locate(at)).position;
  const args = [abs, readFileSync(abs, 'utf8'), position];
  const rows = { wall: [], request: [], overhead: [], session: [], direct: [], directRequest: [] };
  for (let i = 0; i < ctx.config.opsIterations; i++) {
    recorder.calls = [];
    const start = now();
    const result = await callOp(locus, op, spec);
    const wall = now() - start;
    if (!result.ok) return { op, error: `${result.error.code}: ${result.error.message}`, firstMs };
    const request = recorder.calls.reduce((s, t) => s + t.requestMs, 0);
    rows.wall.push(wall);
    rows.request.push(request);
    rows.overhead.push(wall - request);
    rows.session.push(recorder.calls.reduce((s, t) => s + t.totalMs - t.requestMs, 0));
    const timings = await direct(session, op, args, spec);
    rows.direct.push(timings.reduce((s, t) => s + t.totalMs, 0));
    rows.directRequest.push(timings.reduce((s, t) => s + t.requestMs, 0));
  }
  const sum = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, summarize(v)]));
  ctx.samples.push({
    group: 'LSP operation via Locus (warm)',
    label: `${op}`,
    values: rows.wall,
    series: session.adapter.id,
  });
  return { op, firstMs, ...sum, ratio: sum.wall.p50 / sum.request.p50 };
}

async function measureCase(ctx, testCase) {
  const root = mkdtempSync(path.join(tmpdir(), `locus-bench-ops-${testCase.language}-`));
  cpSync(path.join(REPO, 'test/fixtures', testCase.fixture), root, { recursive: true });
  const locus = ctx.lib.createLocus({ root });
  const recorder = { calls: [] };
  const ops = [];
  try {
    for (const op of OPS)
      ops.push(
        await measureOp(
          ctx,
          locus,
          root,
          op,
          testCase[op === 'referencesLaterPage' ? 'references' : op],
          recorder,
        ),
      );
  } finally {
    await locus.close();
    rmSync(root, { recursive: true, force: true });
  }
  return { language: testCase.language, server: testCase.server, ops };
}

/** Runs the section. */
export async function runLspOps(ctx) {
  const cases = [];
  const skipped = [];
  for (const testCase of OPS_CASES) {
    const status = serverStatus(ctx.lib.lsp, testCase.server);
    if (!status.available) {
      skipped.push({
        language: testCase.language,
        server: testCase.server,
        reason: status.reason,
        install: status.install,
      });
      ctx.missingServers.add(testCase.server);
      continue;
    }
    cases.push(await measureCase(ctx, testCase));
  }
  return { cases, skipped };
}

/** Target: overhead ≤ 2 ms p50, per server (worst operation). */
export function lspOpsTargets(result) {
  return result.cases.map((c) => {
    const measured = c.ops.filter((o) => !o.error);
    const worst = measured.reduce((w, o) => (o.overhead.p50 > (w?.overhead.p50 ?? -1) ? o : w), undefined);
    return {
      id: `ops-overhead-${c.language}`,
      what: `operation overhead over the raw request (p50, worst op), ${c.server} ${c.language}`,
      target: `≤ ${OVERHEAD_MS} ms`,
      measured: worst ? `${ms(worst.overhead.p50)} (${worst.op})` : '–',
      met: worst ? worst.overhead.p50 <= OVERHEAD_MS : undefined,
      factor: worst ? worst.overhead.p50 / OVERHEAD_MS : undefined,
    };
  });
}

/** Markdown for the section. */
export function renderLspOps(result) {
  const rows = result.cases.flatMap((c) =>
    c.ops.map((o) =>
      o.error
        ? [
            c.server,
            c.language,
            o.op,
            '–',
            '–',
            '–',
            '–',
            '–',
            '–',
            '–',
            '–',
            '–',
            `n/a (${o.error.split(':')[0]})`,
          ]
        : [
            c.server,
            c.language,
            o.op,
            ms(o.firstMs),
            ms(o.wall.p50),
            ms(o.wall.p95),
            ms(o.request.p50),
            ms(o.request.p95),
            ms(o.overhead.p50),
            ms(o.overhead.p95),
            ms(o.direct.p50),
            ratio(o.ratio),
            `≤ ${OVERHEAD_MS} ms ${verdict(o.overhead.p50 <= OVERHEAD_MS)}`,
          ],
    ),
  );
  const skipped = result.skipped.map(
    (s) => `- skipped ${s.language} (${s.server}): ${s.reason}${s.install ? ` — install: ${s.install}` : ''}`,
  );
  return [
    '### 5. LSP operations (warm), Locus wall time vs the raw JSON-RPC request of the same call',
    table(
      [
        'server',
        'language',
        'operation',
        'first call',
        'Locus p50',
        'Locus p95',
        'raw request p50',
        'raw p95',
        'overhead p50',
        'overhead p95',
        'direct Session call p50',
        'Locus / raw',
        'target',
      ],
      rows,
    ),
    ...(skipped.length ? [skipped.join('\n')] : []),
  ].join('\n\n');
}
