#!/usr/bin/env node
/**
 * Locus benchmark harness (`npm run bench`, see bench/config.js for the modes). Uses only Locus's public
 * surface: `createLocator` / `createLocus` from dist/index.js, the `locus` CLI, and the LSP layer's public
 * classes from dist/lsp/. Reports numbers beside the docs/performance.md targets; never asserts on time.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { HELP, parseArgs } from './config.js';
import { materialise } from './lib/corpus.js';
import { loadLibrary, outlineOf } from './lib/locus.js';
import { int, mib, ms, ratio, table, verdict } from './lib/markdown.js';
import { REPO } from './lib/sources.js';
import { loadNote, now } from './lib/stats.js';
import { serverStatus } from './lib/servers.js';
import { latencyChart } from './lib/svg.js';
import { accuracyTargets, renderAccuracy, runAccuracy } from './sections/accuracy.js';
import { agreementTargets, renderAgreement, runAgreement } from './sections/agreement.js';
import { answerSizeTargets, renderAnswerSize, runAnswerSize } from './sections/answer-size.js';
import {
  answerSizePeersTargets,
  renderAnswerSizePeers,
  runAnswerSizePeers,
} from './sections/answer-size-peers.js';
import { locateSpeedTargets, renderLocateSpeed, runLocateSpeed } from './sections/locate-speed.js';
import { lspOpsTargets, renderLspOps, runLspOps } from './sections/lsp-ops.js';
import { memoryTargets, renderMemory, runMemory } from './sections/memory.js';
import { relocateTargets, renderRelocate, runRelocate } from './sections/relocate.js';
import { renderReanchor, runReanchor } from './sections/reanchor.js';
import { renderStability, runStability } from './sections/stability.js';
import { bigFilesTargets, renderBigFiles, runBigFiles } from './sections/big-files.js';
import { renderSymbolVsLsp, runSymbolVsLsp, symbolVsLspTargets } from './sections/symbol-vs-lsp.js';
import { indexTargets, renderIndex, runIndex } from './sections/index.js';
import { renderVerify, runVerify } from './sections/verify.js';
import { renderSafeRenames, runSafeRenames } from './sections/safe-renames.js';
import { renamePreviewTargets, renderRenamePreview, runRenamePreview } from './sections/rename-preview.js';
import { mcpOverheadTargets, renderMcpOverhead, runMcpOverhead } from './sections/mcp-overhead.js';
import { fuzzTargets, renderFuzz, runFuzz } from './sections/fuzz.js';
import { renderWarmCli, runWarmCli, warmCliTargets } from './sections/warm-cli.js';

const SECTION_RUNNERS = {
  locate: [runLocateSpeed, renderLocateSpeed, locateSpeedTargets],
  relocate: [runRelocate, renderRelocate, relocateTargets],
  symbols: [runSymbolVsLsp, renderSymbolVsLsp, symbolVsLspTargets],
  accuracy: [runAccuracy, renderAccuracy, accuracyTargets],
  stability: [runStability, renderStability, () => []],
  ops: [runLspOps, renderLspOps, lspOpsTargets],
  memory: [runMemory, renderMemory, memoryTargets],
  agreement: [(ctx) => runAgreement(ctx.lib), renderAgreement, agreementTargets],
  index: [runIndex, renderIndex, indexTargets],
  reanchor: [runReanchor, renderReanchor, () => []],
  verify: [runVerify, renderVerify, () => []],
  'safe-renames': [(ctx) => runSafeRenames(ctx.lib), renderSafeRenames, () => []],
  renames: [runRenamePreview, renderRenamePreview, renamePreviewTargets],
  answers: [runAnswerSize, renderAnswerSize, answerSizeTargets],
  peers: [runAnswerSizePeers, renderAnswerSizePeers, answerSizePeersTargets],
  mcp: [runMcpOverhead, renderMcpOverhead, mcpOverheadTargets],
  big: [runBigFiles, renderBigFiles, bigFilesTargets],
  fuzz: [runFuzz, renderFuzz, fuzzTargets],
  warm: [runWarmCli, renderWarmCli, warmCliTargets],
};

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

// Every cold row is a call that starts from nothing: the CLI must not hand it to a background Locus (the warm
// section opts in for its own rows, with daemons in a folder of the run).
process.env.LOCUS_NO_DAEMON ??= '1';

/** HEAD, plus a note when src/ or grammars/ have uncommitted changes (dist/ is built from the work tree). */
function gitCommit() {
  const r = spawnSync('git', ['-C', REPO, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  const dirty = spawnSync('git', ['-C', REPO, 'status', '--porcelain', '--', 'src', 'grammars'], {
    encoding: 'utf8',
  });
  const changed = dirty.stdout.split('\n').filter(Boolean).length;
  return `${r.stdout.trim()}${changed ? ` + ${changed} uncommitted change(s) in src/ or grammars/` : ''}`;
}

async function corpusSection(ctx) {
  const rows = [];
  for (const entry of ctx.entries) {
    const start = now();
    const fallbackBefore = ctx.fallbackStats?.() ?? { calls: 0, chars: 0 };
    const outline = await outlineOf(ctx.locator, entry);
    const fallbackAfter = ctx.fallbackStats?.() ?? { calls: 0, chars: 0 };
    rows.push({
      id: entry.id,
      file: entry.file,
      lines: entry.lines,
      bytes: entry.bytes,
      parts: entry.partCount,
      symbols: entry.flat.length,
      syntaxErrorLines: outline.syntax_error_lines?.length ?? 0,
      firstOutlineMs: now() - start,
      fallback: {
        runs: fallbackAfter.calls - fallbackBefore.calls,
        chars: fallbackAfter.chars - fallbackBefore.chars,
      },
      mismatches: entry.mismatches,
    });
  }
  return rows;
}

function renderCorpus(rows, skipped, note) {
  return [
    '## Corpus (bench/corpus.json, copied into a temp workspace)',
    table(
      [
        'entry',
        'file',
        'lines',
        'bytes',
        'parts',
        'symbols',
        'lines with syntax errors',
        'first outline in-process (parse + extract)',
        'compiler fallback',
      ],
      rows.map((r) => [
        r.id,
        r.file,
        int(r.lines),
        int(r.bytes),
        r.parts,
        int(r.symbols),
        r.syntaxErrorLines,
        ms(r.firstOutlineMs) + (r.mismatches.length ? ' (source differs from corpus.json!)' : ''),
        r.fallback.runs ? `${r.fallback.runs} region(s), ${int(r.fallback.chars)} chars` : 'no',
      ]),
    ),
    ...skipped.map((s) => `- skipped ${s.id}: ${s.reason}`),
    ...(note ? [`- note: ${note}`] : []),
  ].join('\n\n');
}

function renderTargets(targets) {
  return [
    '## Targets (docs/performance.md)',
    table(
      ['measure', 'target', 'measured', 'verdict', 'off by'],
      targets.map((t) => [
        t.what,
        t.target,
        t.measured,
        verdict(t.met),
        t.met === false && t.factor ? ratio(t.factor) : '',
      ]),
    ),
  ].join('\n\n');
}

async function runSections(ctx, options) {
  const sections = {};
  const targets = [];
  const markdown = [];
  for (const name of options.sections) {
    const [run, render, targetsOf] = SECTION_RUNNERS[name];
    const start = now();
    const loadBefore = loadNote();
    log(`${name}…`);
    try {
      const result = await run(ctx);
      sections[name] = { result, ms: now() - start, load: { before: loadBefore, after: loadNote() } };
      markdown.push(render(result));
      targets.push(...targetsOf(result));
    } catch (error) {
      sections[name] = { error: error.stack ?? String(error), ms: now() - start };
      markdown.push(`### ${name}\n\nFAILED: ${error.message}`);
      log(`${name} failed: ${error.stack}`);
    }
    log(`${name} done in ${ms(now() - start)} (load ${loadNote().join(' ')})`);
  }
  return { sections, targets, markdown };
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.help) return void console.log(HELP);
  const began = now();
  const startLoad = loadNote();
  const lib = await loadLibrary();
  const { config } = options;
  const sizes = [...new Set([...config.sizes, config.memoryPoolSize])];
  const workspace = materialise(sizes, ['python', 'typescript', 'javascript', 'go']);
  log(`workspace ${workspace.root} (${workspace.entries.length} files), mode ${options.mode}`);
  const locator = lib.createLocator({ root: workspace.root });
  const ctx = {
    lib,
    config,
    base: workspace.base,
    root: workspace.root,
    entries: workspace.entries.filter((e) => config.sizes.includes(e.size)),
    poolEntries: workspace.entries.filter((e) => e.size === config.memoryPoolSize),
    locator,
    fallbackStats: lib.fallbackStats,
    samples: [],
    missingServers: new Set(),
  };
  try {
    const corpus = await corpusSection(ctx);
    const { sections, targets, markdown } = await runSections(ctx, options);
    const servers = ['typescript', 'pyright', 'gopls', 'clangd', 'bash'].map((id) =>
      serverStatus(lib.lsp, id),
    );
    const meta = {
      mode: options.mode,
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
      memory: mib(totalmem()),
      load: { start: startLoad, end: loadNote() },
      durationMs: now() - began,
      versions: workspace.versions,
    };
    const md = [
      `# Locus benchmark (${options.mode})`,
      `${meta.date} · commit ${meta.commit} · Node ${meta.node} · ${meta.cpus} · load average (1/5/15 min) ${startLoad.join(' ')} at start, ${meta.load.end.join(' ')} at the end · ${ms(meta.durationMs)} total`,
      'Medians and ratios measured side by side in the same run; nothing here is a timed assertion. Other processes may load the machine: compare ratios rather than absolute times.',
      renderTargets(targets),
      renderCorpus(corpus, workspace.skipped, workspace.mismatchNote),
      ...markdown,
      `Servers: ${servers.map((s) => `${s.server} ${s.available ? 'available' : `MISSING (${s.reason})`}`).join(' · ')}`,
    ].join('\n\n');
    console.log(md);
    const out = options.out ?? path.join(REPO, 'bench/results');
    mkdirSync(out, { recursive: true });
    const json = { meta, config, corpus, skippedCorpus: workspace.skipped, servers, targets, sections };
    writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(path.join(out, 'latest.md'), `${md}\n`);
    writeFileSync(
      path.join(out, 'latency.svg'),
      latencyChart(ctx.samples, `Locus latency distributions (${options.mode}, ${meta.date})`),
    );
    log(`wrote ${path.join(out, 'latest.json')}, latest.md and latency.svg in ${ms(now() - began)}`);
  } finally {
    await locator.close();
    if (!options.keep) rmSync(workspace.base, { recursive: true, force: true });
    else log(`kept ${workspace.base}`);
  }
}

main().catch((error) => {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
