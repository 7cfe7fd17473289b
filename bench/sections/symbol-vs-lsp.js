/**
 * Section 2 (docs/performance.md): symbol-scope resolution by Locus (tree-sitter outline, warm) versus the LSAP approach
 * (ask the language server for `textDocument/documentSymbol`, walk the answer to the symbol path), on the same
 * files and symbol paths, side by side: warm server, and cold server (spawn → initialize → didOpen →
 * documentSymbol) versus a cold one-shot `locus locate`. The documentSymbol answers also feed section 3b.
 */
import { spawnSync } from 'node:child_process';
import { compareSymbols } from '../lib/agreement.js';
import { CLI, cliEnv, outlineOf } from '../lib/locus.js';
import { code, ms, ratio, table, verdict } from '../lib/markdown.js';
import { now, spread, summarize } from '../lib/stats.js';
import { SERVER_FOR, serverStatus, walkToPath } from '../lib/servers.js';
import { samePosition } from '../lib/tokens.js';

const TARGET_RATIO = 20;

function locusPathString(entry, item) {
  return `${entry.file}:${item.path}${item.index > 0 ? `[${item.index}]` : ''}`;
}

async function coldServer(ctx, entry, path) {
  // Large files: pyright checks the whole file before its first documentSymbol answer.
  const manager = new ctx.lib.lsp.LspManager({
    workspaceRoot: ctx.root,
    config: { requestTimeoutMs: 300_000 },
  });
  const start = now();
  const session = manager.sessionFor(entry.absPath);
  const answer = await session.documentSymbol(entry.absPath, entry.text);
  const found = path ? walkToPath(answer.result, path) : undefined;
  const wall = now() - start;
  return { manager, session, answer, wall, found, initializeMs: session.info().initializeMs };
}

function coldLocus(ctx, locate) {
  const start = now();
  // A first-ever run: an empty cache folder, so nothing persisted (outlines, index) is used.
  const result = spawnSync(process.execPath, [CLI, 'locate', locate, '--json', '--root', ctx.root], {
    encoding: 'utf8',
    env: cliEnv('cold'),
  });
  return { wall: now() - start, ok: result.status === 0 };
}

async function warmPair(ctx, entry, session, item) {
  const locate = locusPathString(entry, item);
  let start = now();
  const ours = await ctx.locator.locate(locate);
  const locusMs = now() - start;
  start = now();
  const answer = await session.documentSymbol(entry.absPath, entry.text);
  const theirs = walkToPath(answer.result, item.path, item.serverIndex);
  const lspMs = now() - start;
  return {
    locusMs,
    lspMs,
    requestMs: answer.timing.requestMs,
    agree: ours.ok && samePosition(ours.position, theirs),
  };
}

async function measureEntry(ctx, entry) {
  await outlineOf(ctx.locator, entry);
  const cold = [];
  let warm;
  for (let r = 0; r < ctx.config.lspColdRuns; r++) {
    const run = await coldServer(ctx, entry, entry.flat[Math.floor(entry.flat.length / 2)]?.path);
    cold.push(run);
    if (r < ctx.config.lspColdRuns - 1) await run.manager.closeAll();
    else warm = run;
  }
  try {
    const comparison = compareSymbols(entry.flat, warm.answer.result);
    const paths = spread(comparison.matched, ctx.config.lspPaths);
    for (const item of paths.slice(0, 3)) await warmPair(ctx, entry, warm.session, item); // warm-up
    const pairs = [];
    for (let i = 0; i < ctx.config.lspWarmRequests && paths.length > 0; i++)
      pairs.push(await warmPair(ctx, entry, warm.session, paths[i % paths.length]));
    const coldPath = paths[Math.floor(paths.length / 2)];
    const locusCold = coldPath
      ? Array.from({ length: ctx.config.lspColdRuns }, () => coldLocus(ctx, locusPathString(entry, coldPath)))
      : [];
    return {
      comparison,
      pairs,
      cold,
      locusCold,
      coldPath: coldPath && locusPathString(entry, coldPath),
      server: warm.session.info().name,
    };
  } finally {
    await warm.manager.closeAll();
  }
}

function row(entry, serverId, m) {
  const locus = summarize(m.pairs.map((p) => p.locusMs));
  const lsp = summarize(m.pairs.map((p) => p.lspMs));
  const request = summarize(m.pairs.map((p) => p.requestMs));
  const coldLsp = summarize(m.cold.map((c) => c.wall));
  const coldLocus = summarize(m.locusCold.map((c) => c.wall));
  return {
    language: entry.language,
    size: entry.size,
    lines: entry.lines,
    server: serverId,
    serverName: m.server,
    paths: m.pairs.length,
    agree: m.pairs.filter((p) => p.agree).length,
    locus,
    lsp,
    request,
    ratioWarm: lsp.p50 / locus.p50,
    ratioRequest: request.p50 / locus.p50,
    coldLsp,
    coldLocus,
    coldPath: m.coldPath,
    ratioCold: coldLsp.p50 / coldLocus.p50,
    initializeMs: m.cold.map((c) => c.initializeMs),
  };
}

/** Runs the section; keeps each comparison on its entry for section 3b. */
export async function runSymbolVsLsp(ctx) {
  const rows = [];
  const skipped = [];
  for (const entry of ctx.entries.filter((e) => ctx.config.lspSizes.includes(e.size))) {
    const serverId = SERVER_FOR[entry.language];
    const status = serverStatus(ctx.lib.lsp, serverId);
    if (!status.available) {
      skipped.push({ id: entry.id, server: serverId, reason: status.reason, install: status.install });
      ctx.missingServers.add(serverId);
      continue;
    }
    if (entry.language === 'go' && entry.partCount > 1) {
      skipped.push({
        id: entry.id,
        server: serverId,
        reason: 'concatenated Go files are not one valid Go file',
      });
      continue;
    }
    const m = await measureEntry(ctx, entry);
    entry.comparison = { server: serverId, ...m.comparison };
    ctx.samples.push({
      group: 'documentSymbol (warm, LSAP walk)',
      label: `${serverId} ${entry.language}/${entry.size}`,
      values: m.pairs.map((p) => p.lspMs),
    });
    ctx.samples.push({
      group: 'documentSymbol (cold server)',
      label: `${serverId} ${entry.language}/${entry.size}`,
      values: m.cold.map((c) => c.wall),
    });
    rows.push(row(entry, serverId, m));
  }
  return { rows, skipped };
}

/** Target: Locus ≥ 20× faster than a warm documentSymbol round trip. */
export function symbolVsLspTargets(result) {
  const warm = result.rows.map((r) => ({
    id: `symbol-vs-lsp-${r.language}`,
    what: `symbol resolution vs warm documentSymbol (${r.server}), ${r.language} ${r.lines} lines`,
    target: `≥ ${TARGET_RATIO}× faster`,
    measured: `${ratio(r.ratioWarm)} (Locus ${ms(r.locus.p50)} vs ${ms(r.lsp.p50)})`,
    met: r.ratioWarm >= TARGET_RATIO,
    factor: TARGET_RATIO / r.ratioWarm,
  }));
  // Issue 16: a first-ever one-shot locate no slower than TypeScript 7's own spawn → documentSymbol.
  const cold = result.rows
    .filter((r) => r.server === 'typescript' && r.size === 'medium' && r.coldLocus.p50 > 0)
    .map((r) => ({
      id: `cold-vs-ts7-${r.language}`,
      what: `cold one-shot locate vs TypeScript 7 spawn → documentSymbol, ${r.language} ${r.lines} lines (medians)`,
      target: '≤ 1.0×',
      measured: `${(r.coldLocus.p50 / r.coldLsp.p50).toFixed(2)}× (Locus ${ms(r.coldLocus.p50)} vs ${ms(r.coldLsp.p50)})`,
      met: r.coldLocus.p50 <= r.coldLsp.p50,
      factor: r.coldLocus.p50 / r.coldLsp.p50,
    }));
  return [...warm, ...cold];
}

/** Markdown for the section. */
export function renderSymbolVsLsp(result) {
  const warm = table(
    [
      'language',
      'size',
      'lines',
      'server',
      'paths',
      'agree',
      'Locus p50',
      'Locus p95',
      'documentSymbol+walk p50',
      'p95',
      'raw request p50',
      'Locus faster (wall)',
      'Locus faster (raw request only)',
      'target ≥ 20×',
    ],
    result.rows.map((r) => [
      r.language,
      r.size,
      r.lines,
      r.server,
      r.paths,
      `${r.agree}/${r.paths}`,
      ms(r.locus.p50),
      ms(r.locus.p95),
      ms(r.lsp.p50),
      ms(r.lsp.p95),
      ms(r.request.p50),
      ratio(r.ratioWarm),
      ratio(r.ratioRequest),
      verdict(r.ratioWarm >= TARGET_RATIO),
    ]),
  );
  const cold = table(
    [
      'language',
      'size',
      'server',
      'cold server runs',
      'spawn→documentSymbol median',
      'cold `locus locate` median',
      'server ÷ Locus (> 1: Locus faster)',
      'locate string',
    ],
    result.rows.map((r) => [
      r.language,
      r.size,
      r.server,
      r.coldLsp.n,
      ms(r.coldLsp.p50),
      ms(r.coldLocus.p50),
      ratio(r.ratioCold),
      r.coldPath ? code(r.coldPath) : '–',
    ]),
  );
  const skipped = result.skipped.map(
    (s) => `- skipped ${s.id} (${s.server}): ${s.reason}${s.install ? ` — install: ${s.install}` : ''}`,
  );
  return [
    '### 2a. Symbol path → position: Locus (warm) vs warm language server (documentSymbol + walk, the LSAP approach)',
    warm,
    '### 2b. Cold: new server process (spawn → initialize → didOpen → documentSymbol) vs one-shot `locus locate`',
    cold,
    ...(skipped.length ? [skipped.join('\n')] : []),
  ].join('\n\n');
}
