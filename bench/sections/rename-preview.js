/**
 * Section "rename-preview" (issue 26, "Fast previews"): a rename preview with its safety checks against the
 * server's own `textDocument/rename` request, on the fixture projects of section 5 and on real code (zod's v3
 * sources, Jinja2 from the agreement cache, encoding/json of the Go standard library, gorilla/mux and click from
 * Debian), each copied to a temp dir. Per case, on one warm server: the raw request at the rename's position and
 * the Locus preview without verification, alternating in one loop; then the preview with it (`verify: true`).
 * Around each preview the LSP layer's request meter (`LspManager.requests`) gives the number of server requests N
 * and the time at least one was outstanding; Locus's own overhead is the preview's wall time less that busy time.
 * Locus runs with its folders watched, as both agent faces run it.
 * Target (docs/performance.md, "Rename previews"): overhead p50 ≤ 2 ms + 0.3 ms × (N − 1). The ratio
 * preview / raw rename is reported beside it for information.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OPS_CASES } from '../lib/ops-cases.js';
import { PROJECTS, ensureSources } from '../lib/corpora.js';
import { REPO } from '../lib/sources.js';
import { int, ms, table } from '../lib/markdown.js';
import { summarize, timedOutcome } from '../lib/stats.js';
import { measureEachCase } from '../lib/servers.js';

/** The fixture cases (section 5's renames) and the real projects that are available. */
function cases(quick) {
  const fixtures = OPS_CASES.map((c) => ({
    id: `${c.language} fixture`,
    server: c.server,
    copy: path.join(REPO, 'test/fixtures', c.fixture),
    rename: c.rename,
  }));
  if (quick) return fixtures;
  const go = spawnSync('go', ['env', 'GOROOT'], { encoding: 'utf8' });
  const goroot = go.status === 0 ? go.stdout.trim() : undefined;
  const jinja = PROJECTS.find((p) => p.id === 'jinja2');
  const jinjaSources = jinja ? ensureSources(jinja) : { skipped: 'no jinja2 entry in bench/lib/corpora.js' };
  if (jinjaSources.skipped) console.error(`rename-preview: skipping Jinja2 3.1.2: ${jinjaSources.skipped}`);
  const jinjaRoot = jinjaSources.root;
  return [
    ...fixtures,
    {
      id: 'zod v3',
      server: 'typescript',
      copy: path.join(REPO, 'node_modules/zod/src/v3'),
      rename: ['types.ts:RefinementCtx', 'RefineContext'],
    },
    jinjaRoot && {
      id: 'Jinja2 3.1.2',
      server: 'pyright',
      copy: path.join(jinjaRoot, 'src/jinja2'),
      rename: ['lexer.py:Lexer.tokeniter', 'token_iter'],
    },
    goroot && {
      id: 'encoding/json',
      server: 'gopls',
      copy: path.join(goroot, 'src/encoding/json'),
      goMod: 'module example.com/json\n\ngo 1.19\n',
      rename: ['decode.go:Unmarshal', 'Decode'],
    },
    ...EXTRA.map((extra) => {
      const fetched = ensureSources(extra.source);
      if (fetched.skipped) {
        console.error(`rename-preview: skipping ${extra.id}: ${fetched.skipped}`);
        return undefined;
      }
      return { ...extra, copy: path.join(fetched.root, extra.under) };
    }),
  ].filter((c) => c && existsSync(c.copy));
}

/**
 * The projects the issue names beyond zod, fetched into the agreement cache (bench/lib/corpora.js) and skipped
 * loudly when that fails: gorilla/mux's upstream tarball (Debian source package), click's modules as Debian's
 * python3-click ships them (its source package's tarball is not on the mirror).
 */
const EXTRA = [
  {
    id: 'gorilla/mux 1.8.0',
    server: 'gopls',
    source: {
      id: 'gorilla-mux',
      apt: 'golang-github-gorilla-mux',
      tarball: 'golang-github-gorilla-mux_1.8.0.orig.tar.gz',
      dir: 'mux-1.8.0',
    },
    under: '.',
    rename: ['mux.go:Router.NewRoute', 'AddRoute'],
  },
  {
    id: 'click 8.1.3',
    server: 'pyright',
    source: {
      id: 'click',
      deb: 'python3-click',
      tarball: 'python3-click_8.1.3-2_all.deb',
      dir: 'python3-click',
    },
    under: 'usr/lib/python3/dist-packages/click',
    rename: ['core.py:BaseCommand.make_context', 'build_context'],
  },
];

/** One timed preview: its wall time, and the server requests it sent and the time one was outstanding. */
async function metered(locus, run) {
  const meter = locus.context.lsp.requests;
  const before = meter.reading();
  const cpuBefore = process.cpuUsage();
  const { ms: wall } = await timedOutcome(run);
  const cpu = process.cpuUsage(cpuBefore);
  const after = meter.reading();
  const busy = after.busyMs - before.busyMs;
  return {
    wall,
    busy,
    requests: after.requests - before.requests,
    overhead: wall - busy,
    cpu: (cpu.user + cpu.system) / 1000,
  };
}

async function measureCase(ctx, testCase) {
  const root = mkdtempSync(path.join(tmpdir(), 'locus-bench-rename-preview-'));
  cpSync(testCase.copy, root, { recursive: true });
  if (testCase.goMod) writeFileSync(path.join(root, 'go.mod'), testCase.goMod);
  // As the MCP server and the daemon run it (both agent faces): the folders watched, so that the check for changes
  // on disk before each request costs nothing while nothing changed (docs/performance.md, "Freshness").
  const locus = ctx.lib.createLocus({ root, watchFiles: true });
  const [at, newName] = testCase.rename;
  const rows = { raw: [], plain: [], busy: [], requests: [], overhead: [], cpu: [], verified: [] };
  let edits = 0;
  let files = 0;
  try {
    // Warm-up: the server loads the project, Locus its outlines.
    const first = await timedOutcome(() => locus.rename(at, newName, { verify: true }));
    const { cursor } = first.result;
    const abs = path.join(root, cursor.file_path);
    const session = locus.context.lsp.sessionFor(abs);
    const params = {
      textDocument: { uri: pathToFileURL(abs).href },
      position: cursor.position,
      newName,
    };
    await session.rawRequest('textDocument/rename', params);
    await locus.rename(at, newName);
    files = first.result.files.length;
    edits = first.result.files.reduce((n, f) => n + f.edits, 0);
    // Verification shows the servers edited text and gives the disk's back, which some re-check: measured apart,
    // after the pairs, so neither side of a pair pays for that re-check.
    for (let i = 0; i < ctx.config.renameIterations; i++) {
      rows.raw.push((await session.rawRequest('textDocument/rename', params)).ms);
      const preview = await metered(locus, () => locus.rename(at, newName));
      rows.plain.push(preview.wall);
      rows.busy.push(preview.busy);
      rows.requests.push(preview.requests);
      rows.overhead.push(preview.overhead);
      rows.cpu.push(preview.cpu);
    }
    for (let i = 0; i < ctx.config.renameIterations; i++)
      rows.verified.push((await timedOutcome(() => locus.rename(at, newName, { verify: true }))).ms);
  } finally {
    await locus.close();
    rmSync(root, { recursive: true, force: true });
  }
  const sum = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, summarize(v)]));
  return { id: testCase.id, server: testCase.server, files, edits, ...sum };
}

/** Runs the section. */
export async function runRenamePreview(ctx) {
  return measureEachCase(
    ctx.lib.lsp,
    cases(ctx.config.renameRealProjects !== true),
    (testCase) => ({ id: testCase.id }),
    (testCase) => measureCase(ctx, testCase),
  );
}

/** Locus's own share of a preview may be 2 ms for its first server request and 0.3 ms for each further one. */
export function overheadBudget(requests) {
  return 2 + 0.3 * Math.max(0, requests - 1);
}

/** Target: the preview's overhead (wall time less server-busy time, no verification) within the budget, p50. */
export function renamePreviewTargets(result) {
  return result.rows
    .filter((r) => !r.error)
    .map((r) => {
      const budget = overheadBudget(r.requests.max);
      return {
        what: `rename preview overhead ${r.id} (${r.server})`,
        target: '≤ 2 ms + 0.3 ms × (N − 1) requests',
        measured: `${ms(r.overhead.p50)} over ${r.requests.max} requests (budget ${ms(budget)}; ${(r.plain.p50 / r.raw.p50).toFixed(2)}× the raw rename)`,
        met: r.overhead.p50 <= budget,
        factor: r.overhead.p50 / budget,
      };
    });
}

/** Markdown for the section. */
export function renderRenamePreview(result) {
  const rows = result.rows.map((r) =>
    r.error
      ? [r.id, r.server, '–', '–', '–', '–', '–', '–', '–', '–', '–', '–', `n/a (${r.error})`]
      : [
          r.id,
          r.server,
          `${int(r.edits)} in ${int(r.files)}`,
          ms(r.raw.p50),
          ms(r.plain.p50),
          r.requests.min === r.requests.max ? `${r.requests.max}` : `${r.requests.min}–${r.requests.max}`,
          ms(r.busy.p50),
          ms(r.overhead.p50),
          ms(overheadBudget(r.requests.max)),
          ms(r.cpu.p50),
          `${(r.plain.p50 / r.raw.p50).toFixed(2)}×`,
          ms(r.verified.p50),
          `${(r.verified.p50 / r.raw.p50).toFixed(2)}×`,
        ],
  );
  return [
    '### Rename preview overhead (issue 26, "Fast previews")',
    "Overhead = the preview's wall time less the time at least one server request was outstanding; N = server requests of one preview; Locus CPU = the Locus process's CPU time during the preview (its own work, overlapped with the servers' or not: a cross-check, since an answer that arrives while Locus computes is read only when it is done, and that wait counts as the server's).",
    table(
      [
        'project',
        'server',
        'edits in files',
        'raw rename p50',
        'preview p50',
        'N requests',
        'server busy p50',
        'overhead p50',
        'budget',
        'Locus CPU p50',
        'preview / raw',
        'preview + verify p50',
        'verified / raw',
      ],
      rows,
    ),
    ...result.skipped.map((s) => `- skipped ${s.id} (${s.server}): ${s.reason}`),
  ].join('\n\n');
}
