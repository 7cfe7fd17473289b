/**
 * Section 1d (docs/performance.md): re-locate after a one-line edit (the file is rewritten with one identifier changed on
 * one line, then located again: the tree cache re-parses incrementally) versus a full parse of the same content
 * under a new path (cache miss: full parse + outline). Same locator, same process, side by side.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyse } from '../lib/locus.js';
import { ms, table, verdict } from '../lib/markdown.js';
import { now, summarize } from '../lib/stats.js';
import { coldString, stringsFor } from './locate-speed.js';

const RELOCATE_MS = 15;

/**
 * Identifier tokens outside the target's top-level symbol: an edit there cannot rename or misnest one of
 * the target's own path segments, so a failure to re-locate is Locus's, not the edit's.
 */
function editCandidates(entry, target) {
  const { index, tokens } = analyse(entry);
  const symbol = entry.flat.find((s) => s.path === target.symbol);
  const start = symbol ? index.offset(symbol.range.start) : -1;
  const top = entry.outline.symbols.find(
    (s) => index.offset(s.range.start) <= start && start < index.offset(s.range.end),
  );
  const from = top ? index.offset(top.range.start) : -1;
  const to = top ? index.offset(top.range.end) : -1;
  return tokens.filter((t) => t.offset < from || t.offset > to);
}

/** `count` tokens picked with a fixed seed (the same positions every run). */
function pickPositions(tokens, count) {
  let seed = 20_261_123;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from(
    { length: Math.min(count, tokens.length) },
    () => tokens[Math.floor(next() * tokens.length)],
  );
}

function repath(locate, from, to) {
  return to + locate.slice(from.length);
}

/** Wall and CPU milliseconds of one locate. */
async function timedLocate(locator, locate) {
  const cpu = process.cpuUsage();
  const start = now();
  const result = await locator.locate(locate);
  const wall = now() - start;
  const used = process.cpuUsage(cpu);
  return [wall, (used.user + used.system) / 1000, result];
}

// Two one-line edits right after an identifier: a rename (`Z<k>` appended) and one that introduces a
// syntax error in every bench language (an unbalanced `)(`).
const EDITS = { rename: (k) => `Z${k}`, 'syntax error': () => ' )(' };

async function relocateEntry(ctx, entry) {
  const target = coldString(await stringsFor(ctx, entry));
  const positions = pickPositions(editCandidates(entry, target), ctx.config.relocatePositions);
  const dir = path.join(ctx.root, 'edit', `${entry.language}-${entry.size}`);
  mkdirSync(dir, { recursive: true });
  const name = path.basename(entry.file);
  const file = path.join(dir, name);
  const locate = repath(target.locate, entry.file, `edit/${entry.language}-${entry.size}/${name}`);
  writeFileSync(file, entry.text);
  await ctx.locator.locate(locate);
  const fallbackBefore = ctx.fallbackStats?.().calls ?? 0;
  const kinds = {};
  let failures = 0;
  let brokenByEdit = 0;
  // The sample during which the process loaded the TypeScript compiler for the fallback (~0.5 s, once per
  // process): it stays in the samples (nothing is warmed up before); the table marks the row that holds it.
  let compilerLoad;
  for (const [kind, insert] of Object.entries(EDITS)) {
    const wall = [];
    const cpu = [];
    for (const [k, token] of positions.entries()) {
      const at = token.offset + token.text.length;
      writeFileSync(file, entry.text.slice(0, at) + insert(k) + entry.text.slice(at));
      const loadedBefore = (ctx.fallbackStats?.().calls ?? 0) > 0;
      const [ms_, cpuMs, result] = await timedLocate(ctx.locator, locate);
      if (!loadedBefore && (ctx.fallbackStats?.().calls ?? 0) > 0) compilerLoad = { kind, ms: ms_ };
      // A failure counts when a fresh parse of the same text finds the target (else the edit broke it).
      if (!result.ok) {
        const fresh = `fresh-${kind === 'rename' ? 'r' : 's'}${k}${path.extname(name)}`;
        writeFileSync(path.join(dir, fresh), entry.text.slice(0, at) + insert(k) + entry.text.slice(at));
        const editDir = `edit/${entry.language}-${entry.size}`;
        const check = await ctx.locator.locate(repath(target.locate, entry.file, `${editDir}/${fresh}`));
        if (check.ok) failures++;
        else brokenByEdit++;
      }
      wall.push(ms_);
      cpu.push(cpuMs);
      writeFileSync(file, entry.text); // back to the original (not timed)
      await ctx.locator.locate(locate);
    }
    ctx.samples.push({
      group: 're-locate after edit',
      label: `${entry.language}/${entry.size} ${kind}`,
      values: wall,
    });
    kinds[kind] = { wall: summarize(wall), cpu: summarize(cpu) };
  }
  const full = [];
  for (let k = 0; k <= ctx.config.relocateRuns; k++) {
    const fresh = `full-${k}${path.extname(name)}`;
    writeFileSync(path.join(dir, fresh), entry.text);
    const [fullMs, , r] = await timedLocate(
      ctx.locator,
      repath(target.locate, entry.file, `edit/${entry.language}-${entry.size}/${fresh}`),
    );
    if (!r.ok) failures++;
    if (k > 0) full.push(fullMs); // k = 0 warms up
  }
  ctx.samples.push({
    group: 're-locate after edit',
    label: `${entry.language}/${entry.size} full parse`,
    values: full,
  });
  return {
    language: entry.language,
    size: entry.size,
    lines: entry.lines,
    locate: target.locate,
    positions: positions.length,
    kinds,
    full: summarize(full),
    fallbackRuns: (ctx.fallbackStats?.().calls ?? 0) - fallbackBefore,
    compilerLoad,
    brokenByEdit,
    failures,
  };
}

/** Runs the section on the sizes configured for it. */
export async function runRelocate(ctx) {
  const rows = [];
  for (const entry of ctx.entries.filter((e) => ctx.config.relocateSizes.includes(e.size))) {
    rows.push(await relocateEntry(ctx, entry));
  }
  return rows;
}

const worstP90 = (r) => Math.max(...Object.values(r.kinds).map((k) => k.wall.p90));

/** Targets: p90 ≤ 15 ms on 5,000-line files, over every edit kind. */
export function relocateTargets(rows) {
  return rows
    .filter((r) => r.size === 'medium')
    .map((r) => ({
      id: `relocate-${r.language}`,
      what: `re-locate after a one-line edit (p90 of ${r.positions} random positions, renames and syntax errors), ${r.language} ${r.lines} lines`,
      target: `≤ ${RELOCATE_MS} ms`,
      measured: ms(worstP90(r)),
      met: worstP90(r) <= RELOCATE_MS && r.failures === 0,
      factor: worstP90(r) / RELOCATE_MS,
    }));
}

/** Markdown for the section. */
export function renderRelocate(rows) {
  return [
    '### 1d. Re-locate after a one-line edit at random positions (incremental reparse) vs full parse',
    'Wall time, CPU time of the same calls beside it; "fallback runs" counts compiler-fallback parses (broken TS/JS); † marks the samples that include loading the TypeScript compiler for the first fallback of the process (one sample, not warmed up beforehand; its time in brackets); "edits that broke the target": the target does not resolve in a fresh parse of the edited text either (not a failure); "fails": it does there but not after the incremental update.',
    table(
      [
        'language',
        'size',
        'lines',
        'positions',
        'rename p50 / p90',
        'cpu p90',
        'syntax error p50 / p90',
        'cpu p90',
        'full parse p50',
        'fallback runs',
        'edits that broke the target',
        'fails',
        'target (5k)',
      ],
      rows.map((r) => {
        const rename = r.kinds.rename;
        const broken = r.kinds['syntax error'];
        const load = (kind) => (r.compilerLoad?.kind === kind ? ` † (${ms(r.compilerLoad.ms)})` : '');
        return [
          r.language,
          r.size,
          r.lines,
          r.positions,
          `${ms(rename.wall.p50)} / ${ms(rename.wall.p90)}${load('rename')}`,
          ms(rename.cpu.p90),
          `${ms(broken.wall.p50)} / ${ms(broken.wall.p90)}${load('syntax error')}`,
          ms(broken.cpu.p90),
          ms(r.full.p50),
          r.fallbackRuns,
          r.brokenByEdit,
          r.failures,
          r.size === 'medium'
            ? `p90 ≤ ${RELOCATE_MS} ms ${verdict(worstP90(r) <= RELOCATE_MS && r.failures === 0)}`
            : '–',
        ];
      }),
    ),
  ].join('\n\n');
}
