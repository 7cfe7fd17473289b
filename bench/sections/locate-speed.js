/**
 * Section 1 (docs/performance.md): locate speed.
 * - cold: one-shot `node bin/locus.js locate … --json` wall time, process start included;
 * - warm: one in-process locator, many `locate` calls (symbol-scope and symbol-scope + find strings built from
 *   the file's outline), latency per call;
 * - check: `locus check` throughput on a few thousand JSON lines in one process.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI, cliEnv, locateStrings, removedAtExit } from '../lib/locus.js';
import { code, int, ms, table, verdict } from '../lib/markdown.js';
import { now, summarize } from '../lib/stats.js';

const WARM_P50 = 0.2;
const WARM_P99 = 2;
// Issue 16: a first-ever one-shot locate of a 5,000-line file in 150 ms; with the persisted outline in 100 ms.
const COLD_MS = 150;
const COLD_CACHED_MS = 100;

/** Locate strings per entry, shared by the sections (built once). */
export async function stringsFor(ctx, entry) {
  entry.strings ??= await locateStrings(ctx.locator, entry, ctx.config.symbolsPerFile);
  return entry.strings;
}

/** The string used for the cold one-shot: a symbol-scope + find string from the middle of the file. */
export function coldString(strings) {
  const finds = strings.filter((s) => s.kind === 'find');
  const pool = finds.length > 0 ? finds : strings;
  return pool[Math.floor(pool.length / 2)];
}

const TIME = '/usr/bin/time';
/** Where /usr/bin/time writes a run's CPU time (one file per bench process, reused). */
const CPU_FILE = removedAtExit(path.join(tmpdir(), `locus-bench-cpu-${process.pid}`));
const HAS_TIME = spawnSync(TIME, ['-f', '%U', 'true']).status === 0;

/** Runs node with `args`; CPU time (user + sys) through /usr/bin/time when it exists. */
export function runNode(args, input, env) {
  const command = HAS_TIME ? TIME : process.execPath;
  const argv = HAS_TIME ? ['-f', '%U %S', '-o', CPU_FILE, process.execPath, ...args] : args;
  const start = now();
  const result = spawnSync(command, argv, {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...(input === undefined ? {} : { input }),
    ...(env === undefined ? {} : { env }),
  });
  const wall = now() - start;
  let cpu;
  if (HAS_TIME) {
    const [user, sys] = readFileSync(CPU_FILE, 'utf8').trim().split(/\s+/).map(Number);
    cpu = (user + sys) * 1000;
  }
  return { wall, cpu, status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function runCli(ctx, args, input, env) {
  return runNode([CLI, ...args, '--root', ctx.root], input, env);
}

/** Cold runs, round-robin over the files so a burst of load from other processes spreads over all rows. */
async function cold(ctx) {
  const plans = [];
  for (const entry of ctx.entries)
    plans.push({
      entry,
      target: coldString(await stringsFor(ctx, entry)),
      runs: [],
      cpu: [],
      cached: [],
      failure: undefined,
    });
  const baseline = { wall: [], cpu: [] };
  for (let i = 0; i < ctx.config.coldRuns; i++) {
    const bare = runNode(['-e', '0']); // same-run baseline: Node alone
    baseline.wall.push(bare.wall);
    if (bare.cpu !== undefined) baseline.cpu.push(bare.cpu);
    for (const plan of plans) {
      // A first-ever run (empty cache folder), then one that finds the outline the runs before persisted.
      const run = runCli(ctx, ['locate', plan.target.locate, '--json'], undefined, cliEnv('cold'));
      const parsed = safeJson(run.stdout);
      if (run.status !== 0 || !parsed?.ok) plan.failure = run.stderr || run.stdout;
      plan.runs.push(run.wall);
      if (run.cpu !== undefined) plan.cpu.push(run.cpu);
      plan.cached.push(
        runCli(ctx, ['locate', plan.target.locate, '--json'], undefined, cliEnv('cached')).wall,
      );
    }
  }
  const nodeBaseline = { wall: summarize(baseline.wall).p50, cpu: summarize(baseline.cpu).p50 };
  return plans.map(({ entry, target, runs, cpu, cached, failure }) => {
    const s = summarize(runs);
    ctx.samples.push({ group: 'cold CLI locate', label: `${entry.language}/${entry.size}`, values: runs });
    return {
      ...ids(entry),
      locate: target.locate,
      runs,
      min: s.min,
      median: s.p50,
      max: s.max,
      cpuMedian: summarize(cpu).p50,
      cachedMedian: summarize(cached).p50,
      nodeBaseline,
      failure,
    };
  });
}

function ids(entry) {
  return { language: entry.language, size: entry.size, lines: entry.lines };
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function warm(ctx) {
  const rows = [];
  for (const entry of ctx.entries) {
    const strings = await stringsFor(ctx, entry);
    for (const s of strings) await ctx.locator.locate(s.locate); // warm-up: outline cached, JIT warm
    const samples = { symbol: [], find: [] };
    let failures = 0;
    for (let i = 0; i < ctx.config.warmLocates; i++) {
      const s = strings[i % strings.length];
      const start = now();
      const result = await ctx.locator.locate(s.locate);
      samples[s.kind].push(now() - start);
      if (!result.ok) failures++;
    }
    const all = [...samples.symbol, ...samples.find];
    ctx.samples.push({ group: 'warm locate', label: `${entry.language}/${entry.size}`, values: all });
    rows.push({
      ...ids(entry),
      symbols: entry.flat.length,
      strings: strings.length,
      all: summarize(all),
      symbolOnly: summarize(samples.symbol),
      withFind: summarize(samples.find),
      failures,
    });
  }
  return rows;
}

async function check(ctx) {
  const pool = [];
  for (const entry of ctx.entries) pool.push(...(await stringsFor(ctx, entry)).map((s) => s.locate));
  const lines = [];
  for (let i = 0; i < ctx.config.checkLines; i++)
    lines.push(JSON.stringify({ locate: pool[i % pool.length], id: i }));
  const file = path.join(ctx.base, 'check.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const one = runCli(ctx, ['check', '-'], `${lines[0]}\n`);
  const run = runCli(ctx, ['check', file]);
  const out = run.stdout.split('\n').filter(Boolean).map(safeJson);
  const ok = out.filter((o) => o?.ok).length;
  return {
    lines: lines.length,
    files: ctx.entries.length,
    wallMs: run.wall,
    oneLineWallMs: one.wall,
    perSecond: (lines.length / run.wall) * 1000,
    perSecondAfterStart: ((lines.length - 1) / Math.max(1, run.wall - one.wall)) * 1000,
    answered: out.length,
    ok,
    status: run.status,
  };
}

/** Runs the section; returns its JSON part. */
export async function runLocateSpeed(ctx) {
  const warmRows = await warm(ctx);
  const coldRows = await cold(ctx);
  const checkResult = await check(ctx);
  return { cold: coldRows, warm: warmRows, check: checkResult };
}

/** Targets this section decides (5,000-line files only, as docs/performance.md states them). */
export function locateSpeedTargets(result) {
  const targets = [];
  for (const row of result.warm.filter((r) => r.size === 'medium')) {
    targets.push({
      id: `warm-p50-${row.language}`,
      what: `warm locate p50, ${row.language} ${int(row.lines)} lines`,
      target: `≤ ${WARM_P50} ms`,
      measured: ms(row.all.p50),
      met: row.all.p50 <= WARM_P50,
      factor: row.all.p50 / WARM_P50,
    });
    targets.push({
      id: `warm-p99-${row.language}`,
      what: `warm locate p99, ${row.language} ${int(row.lines)} lines`,
      target: `≤ ${WARM_P99} ms`,
      measured: ms(row.all.p99),
      met: row.all.p99 <= WARM_P99,
      factor: row.all.p99 / WARM_P99,
    });
  }
  for (const row of result.cold.filter((r) => r.size === 'medium')) {
    targets.push({
      id: `cold-${row.language}`,
      what: `cold one-shot CLI locate (median), ${row.language} ${int(row.lines)} lines`,
      target: `≤ ${COLD_MS} ms`,
      measured: `${ms(row.median)} (CPU ${ms(row.cpuMedian)}; node -e 0: ${ms(row.nodeBaseline.wall)})`,
      met: row.median <= COLD_MS && !row.failure,
      factor: row.median / COLD_MS,
    });
    targets.push({
      id: `cold-cached-${row.language}`,
      what: `cold one-shot CLI locate with the persisted outline (median), ${row.language} ${int(row.lines)} lines`,
      target: `≤ ${COLD_CACHED_MS} ms`,
      measured: ms(row.cachedMedian),
      met: row.cachedMedian <= COLD_CACHED_MS && !row.failure,
      factor: row.cachedMedian / COLD_CACHED_MS,
    });
  }
  return targets;
}

/** Markdown for the section. */
export function renderLocateSpeed(result) {
  const warmTable = table(
    [
      'language',
      'size',
      'lines',
      'symbols',
      'strings',
      'p50',
      'p90',
      'p99',
      'max',
      'p50 symbol-only',
      'p50 +find',
      'fails',
      'target (5k)',
    ],
    result.warm.map((r) => [
      r.language,
      r.size,
      int(r.lines),
      int(r.symbols),
      r.strings,
      ms(r.all.p50),
      ms(r.all.p90),
      ms(r.all.p99),
      ms(r.all.max),
      ms(r.symbolOnly.p50),
      ms(r.withFind.p50),
      r.failures,
      r.size === 'medium'
        ? `p50 ≤ ${WARM_P50} ms ${verdict(r.all.p50 <= WARM_P50)}; p99 ≤ ${WARM_P99} ms ${verdict(r.all.p99 <= WARM_P99)}`
        : '–',
    ]),
  );
  const coldTable = table(
    [
      'language',
      'size',
      'lines',
      'runs',
      'min',
      'median',
      'max',
      'CPU median',
      'median with the persisted outline',
      '`node -e 0` (same rounds)',
      'target (5k)',
      'locate string',
    ],
    result.cold.map((r) => [
      r.language,
      r.size,
      int(r.lines),
      r.runs.length,
      ms(r.min),
      ms(r.median),
      ms(r.max),
      ms(r.cpuMedian),
      ms(r.cachedMedian),
      `${ms(r.nodeBaseline.wall)} (CPU ${ms(r.nodeBaseline.cpu)})`,
      r.size === 'medium' ? `≤ ${COLD_MS} ms ${verdict(r.median <= COLD_MS && !r.failure)}` : '–',
      code(r.locate) + (r.failure ? ' (FAILED)' : ''),
    ]),
  );
  const c = result.check;
  const checkTable = table(
    [
      'JSON lines',
      'files',
      'answered',
      'ok',
      'wall',
      'locates/s',
      'locates/s after start-up',
      '1-line run (start-up)',
    ],
    [
      [
        int(c.lines),
        c.files,
        int(c.answered),
        int(c.ok),
        ms(c.wallMs),
        int(c.perSecond),
        int(c.perSecondAfterStart),
        ms(c.oneLineWallMs),
      ],
    ],
  );
  return [
    '### 1a. Warm locate (one in-process locator, outline cached)',
    warmTable,
    '### 1b. Cold one-shot `locus locate` (new process per run, process start included)',
    coldTable,
    '### 1c. `locus check` throughput (one process, JSON Lines)',
    checkTable,
  ].join('\n\n');
}
