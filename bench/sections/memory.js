/**
 * Section 6 (docs/performance.md): memory. Runs bench/sections/memory-child.js in a fresh process and reports RSS after
 * loading all grammars and across many locates of changing files (must be flat between the checkpoints).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO } from '../lib/sources.js';
import { int, mib, table, verdict } from '../lib/markdown.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-child.js');
/**
 * Growth over the second half of the changing-file locates (e.g. 5k → 10k) that still counts as flat. The first
 * interval (1k → 5k) also holds warm-up (JIT code, heap sizing), so it is reported but does not decide.
 */
const FLAT_BYTES = 8 * 1024 * 1024;
/** RSS target after the big-file and new-files phases (docs/performance.md, "Memory"). */
const PHASES_RSS = 250 * 1024 * 1024;
/** The big file: the run's biggest entry repeated to about this many lines. */
const BIG_LINES = 50_000;
/** New files located when the mode sets none (quick, smoke): enough to fill the tree cache several times over. */
const NEW_FILES = 300;
/** The tree cache's idle period in the child (its default is 30 s; the child waits two periods at the end). */
const IDLE_MS = 1000;

/** The biggest entry of the run and how often to repeat it to reach about `lines` lines. */
function bigInput(entries, lines) {
  const biggest = entries.reduce((a, b) => (b.text.length > (a?.text.length ?? -1) ? b : a), undefined);
  if (!biggest) return undefined;
  const own = biggest.text.split('\n').length;
  return {
    ext: path.extname(biggest.file),
    text: biggest.text,
    repeat: Math.max(1, Math.round(lines / own)),
  };
}

/** Runs the section. */
export function runMemory(ctx) {
  // --smoke (tiny files only) keeps the phases short: it runs in the test suite.
  const smoke = ctx.config.sizes.every((size) => size === 'tiny');
  const input = {
    repo: REPO,
    pool: (ctx.poolEntries.length ? ctx.poolEntries : ctx.entries).map((e) => ({
      ext: path.extname(e.file),
      text: e.text,
    })),
    locates: ctx.config.memoryLocates,
    checkpoints: ctx.config.memoryCheckpoints,
    big: bigInput(ctx.entries, smoke ? BIG_LINES / 10 : BIG_LINES),
    // New files are copies of the run's entries (small and medium in --quick): they fill the tree cache.
    newPool: ctx.entries
      .filter((e) => e.size !== 'large')
      .map((e) => ({ ext: path.extname(e.file), text: e.text })),
    newFiles: ctx.config.memoryNewFiles || (smoke ? NEW_FILES / 10 : NEW_FILES),
    idleMs: smoke ? IDLE_MS / 5 : IDLE_MS,
  };
  const file = path.join(ctx.base, 'memory-input.json');
  writeFileSync(file, JSON.stringify(input));
  const run = spawnSync(process.execPath, ['--expose-gc', CHILD, file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0)
    return { error: run.stderr.slice(-2000), pool: input.pool.length, locates: input.locates };
  const result = JSON.parse(run.stdout);
  const changing = result.points.filter((p) => p.label.startsWith('changing'));
  const first = changing[0];
  const middle = changing[changing.length - 2];
  const last = changing[changing.length - 1];
  return {
    ...result,
    poolFiles: input.pool.length,
    poolSize: ctx.config.memoryPoolSize,
    locates: input.locates,
    growthBytes: first && last ? last.rss - first.rss : undefined,
    lateGrowthBytes: middle && last ? last.rss - middle.rss : undefined,
    flat: middle && last ? last.rss - middle.rss <= FLAT_BYTES : undefined,
  };
}

/** The points after the big-file and new-files phases (the last new-files point), and the idle point. */
function phasePoints(points) {
  const big = points.find((p) => p.label.startsWith('big file'));
  const newFiles = points.filter((p) => p.label.startsWith('new files')).at(-1);
  const idle = points.find((p) => p.label.startsWith('idle'));
  return { phases: [big, newFiles].filter(Boolean), idle };
}

/** Target: RSS right after the big-file and new-files phases. */
function phasesTarget(result) {
  const { phases, idle } = phasePoints(result.points);
  const what = 'RSS after the big-file and new-files phases';
  if (phases.length === 0)
    return { id: 'memory-phases', what, target: `≤ ${mib(PHASES_RSS)}`, measured: 'not measured' };
  const worst = Math.max(...phases.map((p) => p.rss));
  return {
    id: 'memory-phases',
    what,
    target: `≤ ${mib(PHASES_RSS)}`,
    measured: `${phases.map((p) => mib(p.rss)).join(' / ')}${idle ? `; ${mib(idle.rss)} once idle` : ''}`,
    met: worst <= PHASES_RSS,
    factor: worst / PHASES_RSS,
  };
}

/** Targets: no growth across the changing-file locates; RSS after the big-file and new-files phases. */
export function memoryTargets(result) {
  if (result.error) return [flatTarget(result)];
  return [flatTarget(result), phasesTarget(result)];
}

function flatTarget(result) {
  if (result.error || result.growthBytes === undefined)
    return {
      id: 'memory-flat',
      what: 'RSS across locates of changing files',
      target: 'flat',
      measured: 'not measured',
      met: undefined,
    };
  const changing = result.points.filter((p) => p.label.startsWith('changing'));
  return {
    id: 'memory-flat',
    what: `RSS across ${int(result.locates)} locates of changing files (${changing.map((p) => int(p.locates)).join(' → ')})`,
    target: `flat (≤ ${mib(FLAT_BYTES)} over the last interval)`,
    measured: `${changing.map((p) => mib(p.rss)).join(' → ')} (last interval ${mib(result.lateGrowthBytes)}, overall ${mib(result.growthBytes)})`,
    met: result.flat && result.failures === 0,
    factor: result.lateGrowthBytes / FLAT_BYTES,
  };
}

/** Markdown for the section. */
export function renderMemory(result) {
  if (result.error) return `### 6. Memory\n\nThe memory probe failed:\n\n\`\`\`\n${result.error}\n\`\`\``;
  const failedGrammars = result.grammars.filter((g) => !g.ok).map((g) => `${g.id} (${g.error})`);
  return [
    '### 6. Memory (fresh process, `global.gc()` before each reading)',
    table(
      [
        'point',
        'RSS',
        'JS heap used',
        'external (incl. WASM)',
        'WASM memory',
        'grammars loaded',
        'runtime recycles',
      ],
      result.points.map((p) => [
        p.label,
        mib(p.rss),
        mib(p.heapUsed),
        mib(p.external),
        p.wasmBytes === undefined ? '–' : mib(p.wasmBytes),
        p.grammars ?? '–',
        p.recycled ?? '–',
      ]),
    ),
    `Changing files: ${result.poolFiles} ${result.poolSize} files rewritten round-robin (one line changed before every locate), ` +
      `${int(result.locates)} locates, ${result.failures} failed; RSS growth over the last interval ` +
      `${mib(result.lateGrowthBytes)} ${verdict(result.flat)} (first to last checkpoint: ${mib(result.growthBytes)}).` +
      (failedGrammars.length ? ` Grammars that failed to load: ${failedGrammars.join(', ')}.` : ''),
  ].join('\n\n');
}
