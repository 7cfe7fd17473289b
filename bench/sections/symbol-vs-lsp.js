/**
 * Section 2 (docs/performance.md): symbol-scope resolution by Locus (tree-sitter outline, warm) versus the LSAP approach
 * (ask the language server for `textDocument/documentSymbol`, walk the answer to the symbol path), on the same
 * files and symbol paths, side by side: warm server, and cold server (spawn → initialize → didOpen →
 * documentSymbol) versus a cold one-shot `locus locate`. The documentSymbol answers also feed section 3b.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareSymbols } from '../lib/agreement.js';
import { CLI, cliEnv, outlineOf, stopDaemon } from '../lib/locus.js';
import { code, ms, ratio, table, verdict } from '../lib/markdown.js';
import { now, spread, summarize } from '../lib/stats.js';
import { SERVER_FOR, serverStatus, walkToPath } from '../lib/servers.js';
import { samePosition } from '../lib/tokens.js';

const TARGET_RATIO = 20;

function locusPath(item) {
  return `${item.path}${item.index > 0 ? `[${item.index}]` : ''}`;
}

function locusPathString(entry, item) {
  return `${entry.file}:${locusPath(item)}`;
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

/**
 * First locates of files never parsed before, answered by the background Locus of their workspace, which an
 * earlier call started (issue 26: "or start warm from the daemon"). Each file is the entry's text with a number of
 * empty lines of its own appended (valid in every language), so neither the daemon's memory nor the (empty) cache
 * folder holds its outline; the files live in a folder of their own that no language server of the run sees.
 * `run(i)` measures the i-th.
 */
function daemonFirsts(ctx, entry, item) {
  const dir = mkdtempSync(path.join(ctx.base ?? tmpdir(), 'daemon-first-'));
  // mkdtemp makes folders only their user can enter, as the daemon requires of its socket folder.
  const env = { ...cliEnv('cold'), LOCUS_NO_DAEMON: '', LOCUS_DAEMON_DIR: mkdtempSync(path.join(dir, 'd-')) };
  const extension = path.extname(entry.file);
  const locate = (name, count) => {
    writeFileSync(path.join(dir, name), entry.text + '\n'.repeat(count));
    const start = now();
    const result = spawnSync(
      process.execPath,
      [CLI, 'locate', `${name}:${locusPath(item)}`, '--json', '--root', dir],
      {
        encoding: 'utf8',
        env,
      },
    );
    return { wall: now() - start, ok: result.status === 0 };
  };
  locate(`warm-up${extension}`, 1); // starts the daemon, loads the grammar, compiles the symbol query
  return {
    run: (i) => locate(`new-${i}${extension}`, i + 2),
    stop() {
      stopDaemon(dir, env);
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
    const locusCold = [];
    const locusDaemon = [];
    if (coldPath) {
      const daemon = daemonFirsts(ctx, entry, coldPath);
      try {
        // Interleaved, so that both see the same machine.
        for (let i = 0; i < ctx.config.lspColdRuns; i++) {
          locusCold.push(coldLocus(ctx, locusPathString(entry, coldPath)));
          locusDaemon.push(daemon.run(i));
        }
      } finally {
        daemon.stop();
      }
    }
    return {
      comparison,
      pairs,
      cold,
      locusCold,
      locusDaemon,
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
  const daemonLocus = summarize(m.locusDaemon.filter((c) => c.ok).map((c) => c.wall));
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
    daemonLocus,
    daemonFailures: m.locusDaemon.filter((c) => !c.ok).length,
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
  const daemon = result.rows
    .filter((r) => r.server === 'typescript' && r.size === 'medium' && r.daemonLocus.p50 > 0)
    .map((r) => ({
      id: `daemon-first-vs-ts7-${r.language}`,
      what: `first locate of a never-parsed file through a running daemon vs TypeScript 7 spawn → documentSymbol, ${r.language} ${r.lines} lines (medians)`,
      target: '≤ 1.0×',
      measured: `${(r.daemonLocus.p50 / r.coldLsp.p50).toFixed(2)}× (Locus ${ms(r.daemonLocus.p50)} vs ${ms(r.coldLsp.p50)})${r.daemonFailures ? `, ${r.daemonFailures} failed` : ''}`,
      met: r.daemonFailures === 0 && r.daemonLocus.p50 <= r.coldLsp.p50,
      factor: r.daemonLocus.p50 / r.coldLsp.p50,
    }));
  return [...warm, ...cold, ...daemon];
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
      'new file through a running daemon, median',
      'server ÷ daemon',
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
      r.daemonLocus.n ? ms(r.daemonLocus.p50) : `– (${r.daemonFailures} failed)`,
      r.daemonLocus.n ? ratio(r.coldLsp.p50 / r.daemonLocus.p50) : '–',
      r.coldPath ? code(r.coldPath) : '–',
    ]),
  );
  const skipped = result.skipped.map(
    (s) => `- skipped ${s.id} (${s.server}): ${s.reason}${s.install ? ` — install: ${s.install}` : ''}`,
  );
  return [
    '### 2a. Symbol path → position: Locus (warm) vs warm language server (documentSymbol + walk, the LSAP approach)',
    warm,
    '### 2b. Cold: new server process (spawn → initialize → didOpen → documentSymbol) vs one-shot `locus locate` (first ever: empty cache folder, no daemon), and vs the first locate of a never-parsed copy of the file through a daemon an earlier call started',
    cold,
    ...(skipped.length ? [skipped.join('\n')] : []),
  ].join('\n\n');
}
