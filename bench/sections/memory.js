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

/** Runs the section. */
export function runMemory(ctx) {
  const input = {
    repo: REPO,
    pool: (ctx.poolEntries.length ? ctx.poolEntries : ctx.entries).map((e) => ({
      ext: path.extname(e.file),
      text: e.text,
    })),
    locates: ctx.config.memoryLocates,
    checkpoints: ctx.config.memoryCheckpoints,
    newFiles: ctx.config.memoryNewFiles,
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

/** Target: no growth across the changing-file locates. */
export function memoryTargets(result) {
  if (result.error || result.growthBytes === undefined)
    return [
      {
        id: 'memory-flat',
        what: 'RSS across locates of changing files',
        target: 'flat',
        measured: 'not measured',
        met: undefined,
      },
    ];
  const changing = result.points.filter((p) => p.label.startsWith('changing'));
  return [
    {
      id: 'memory-flat',
      what: `RSS across ${int(result.locates)} locates of changing files (${changing.map((p) => int(p.locates)).join(' → ')})`,
      target: `flat (≤ ${mib(FLAT_BYTES)} over the last interval)`,
      measured: `${changing.map((p) => mib(p.rss)).join(' → ')} (last interval ${mib(result.lateGrowthBytes)}, overall ${mib(result.growthBytes)})`,
      met: result.flat && result.failures === 0,
      factor: result.lateGrowthBytes / FLAT_BYTES,
    },
  ];
}

/** Markdown for the section. */
export function renderMemory(result) {
  if (result.error) return `### 6. Memory\n\nThe memory probe failed:\n\n\`\`\`\n${result.error}\n\`\`\``;
  const failedGrammars = result.grammars.filter((g) => !g.ok).map((g) => `${g.id} (${g.error})`);
  return [
    '### 6. Memory (fresh process, `global.gc()` before each reading)',
    table(
      ['point', 'RSS', 'JS heap used', 'external (incl. WASM)'],
      result.points.map((p) => [p.label, mib(p.rss), mib(p.heapUsed), mib(p.external)]),
    ),
    `Changing files: ${result.poolFiles} ${result.poolSize} files rewritten round-robin (one line changed before every locate), ` +
      `${int(result.locates)} locates, ${result.failures} failed; RSS growth over the last interval ` +
      `${mib(result.lateGrowthBytes)} ${verdict(result.flat)} (first to last checkpoint: ${mib(result.growthBytes)}).` +
      (failedGrammars.length ? ` Grammars that failed to load: ${failedGrammars.join(', ')}.` : ''),
  ].join('\n\n');
}
