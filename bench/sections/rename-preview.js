/**
 * Section "rename-preview" (issue 26, "Fast previews"): a rename preview with its safety checks against the
 * server's own `textDocument/rename` request, on the fixture projects of section 5 and on real code (zod's v3
 * sources, Jinja2 from the agreement cache, encoding/json of the Go standard library), each copied to a temp dir.
 * Per case, on one warm server: the raw request at the rename's position and the Locus preview without
 * verification, alternating in one loop; then the preview with it (`verify: true`). Target: preview ≤ 2× the raw
 * request (p50s).
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
  const jinjaRoot = jinja ? ensureSources(jinja).root : undefined;
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
  ].filter((c) => c && existsSync(c.copy));
}

async function measureCase(ctx, testCase) {
  const root = mkdtempSync(path.join(tmpdir(), 'locus-bench-rename-preview-'));
  cpSync(testCase.copy, root, { recursive: true });
  if (testCase.goMod) writeFileSync(path.join(root, 'go.mod'), testCase.goMod);
  const locus = ctx.lib.createLocus({ root });
  const [at, newName] = testCase.rename;
  const rows = { raw: [], plain: [], verified: [] };
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
    files = first.result.files.length;
    edits = first.result.files.reduce((n, f) => n + f.edits, 0);
    // Verification shows the servers edited text and gives the disk's back, which some re-check: measured apart,
    // after the pairs, so neither side of a pair pays for that re-check.
    for (let i = 0; i < ctx.config.renameIterations; i++) {
      rows.raw.push((await session.rawRequest('textDocument/rename', params)).ms);
      rows.plain.push((await timedOutcome(() => locus.rename(at, newName))).ms);
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

/** Target: the preview (safety checks included, no verification) ≤ 2× the raw rename request, p50. */
export function renamePreviewTargets(result) {
  return result.rows
    .filter((r) => !r.error)
    .map((r) => ({
      what: `rename preview ${r.id} (${r.server})`,
      target: '≤ 2× the raw rename request',
      measured: `${(r.plain.p50 / r.raw.p50).toFixed(2)}× (${ms(r.plain.p50)} vs ${ms(r.raw.p50)})`,
      met: r.plain.p50 <= 2 * r.raw.p50,
      factor: r.plain.p50 / r.raw.p50 / 2,
    }));
}

/** Markdown for the section. */
export function renderRenamePreview(result) {
  const rows = result.rows.map((r) =>
    r.error
      ? [r.id, r.server, '–', '–', '–', '–', '–', `n/a (${r.error})`]
      : [
          r.id,
          r.server,
          `${int(r.edits)} in ${int(r.files)}`,
          ms(r.raw.p50),
          ms(r.plain.p50),
          `${(r.plain.p50 / r.raw.p50).toFixed(2)}×`,
          ms(r.verified.p50),
          `${(r.verified.p50 / r.raw.p50).toFixed(2)}×`,
        ],
  );
  return [
    '### Rename preview against the raw rename request (issue 26, "Fast previews")',
    table(
      [
        'project',
        'server',
        'edits in files',
        'raw rename p50',
        'preview p50',
        'preview / raw',
        'preview + verify p50',
        'verified / raw',
      ],
      rows,
    ),
    ...result.skipped.map((s) => `- skipped ${s.id} (${s.server}): ${s.reason}`),
  ].join('\n\n');
}
