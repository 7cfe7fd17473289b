/**
 * Section 1d (docs/performance.md): re-locate after a one-line edit (the file is rewritten with one identifier changed on
 * one line, then located again: the tree cache re-parses incrementally) versus a full parse of the same content
 * under a new path (cache miss: full parse + outline). Same locator, same process, side by side.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyse } from '../lib/locus.js';
import { ms, ratio, table, verdict } from '../lib/markdown.js';
import { now, summarize } from '../lib/stats.js';
import { coldString, stringsFor } from './locate-speed.js';

const RELOCATE_MS = 15;

/** Identifier tokens between 35% and 65% of the file, outside the target symbol. */
function editCandidates(entry, target) {
  const { index, tokens, text } = analyse(entry);
  const symbol = entry.flat.find((s) => s.path === target.symbol);
  const from = symbol ? index.offset(symbol.range.start) : -1;
  const to = symbol ? index.offset(symbol.range.end) : -1;
  return tokens.filter(
    (t) =>
      t.offset > text.length * 0.35 && t.offset < text.length * 0.65 && (t.offset < from || t.offset > to),
  );
}

function repath(locate, from, to) {
  return to + locate.slice(from.length);
}

async function timedLocate(locator, locate) {
  const start = now();
  const result = await locator.locate(locate);
  return [now() - start, result];
}

async function relocateEntry(ctx, entry) {
  const target = coldString(await stringsFor(ctx, entry));
  const token = editCandidates(entry, target)[0];
  const dir = path.join(ctx.root, 'edit', `${entry.language}-${entry.size}`);
  mkdirSync(dir, { recursive: true });
  const name = path.basename(entry.file);
  const rel = `edit/${entry.language}-${entry.size}/${name}`;
  const locate = repath(target.locate, entry.file, rel);
  const version = (k) =>
    entry.text.slice(0, token.offset + token.text.length) +
    `Z${k}` +
    entry.text.slice(token.offset + token.text.length);
  writeFileSync(path.join(dir, name), entry.text);
  await ctx.locator.locate(locate);
  const incremental = [];
  const full = [];
  let failures = 0;
  for (let k = 0; k <= ctx.config.relocateRuns; k++) {
    const text = version(k);
    writeFileSync(path.join(dir, name), text);
    const [inc, r1] = await timedLocate(ctx.locator, locate);
    const fresh = `full-${k}${path.extname(name)}`;
    writeFileSync(path.join(dir, fresh), text);
    const [fullMs, r2] = await timedLocate(
      ctx.locator,
      repath(target.locate, entry.file, `edit/${entry.language}-${entry.size}/${fresh}`),
    );
    if (!r1.ok || !r2.ok) failures++;
    if (k === 0) continue; // warm-up round
    incremental.push(inc);
    full.push(fullMs);
  }
  ctx.samples.push({
    group: 're-locate after edit',
    label: `${entry.language}/${entry.size} incremental`,
    values: incremental,
  });
  ctx.samples.push({
    group: 're-locate after edit',
    label: `${entry.language}/${entry.size} full parse`,
    values: full,
  });
  const editLine = analyse(entry).index.position(token.offset).line + 1;
  return {
    language: entry.language,
    size: entry.size,
    lines: entry.lines,
    locate: target.locate,
    edit: `line ${editLine}: \`${token.text}\` → \`${token.text}Z<k>\``,
    incremental: summarize(incremental),
    full: summarize(full),
    ratio: summarize(full).p50 / summarize(incremental).p50,
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

/** Targets: ≤ 15 ms on 5,000-line files. */
export function relocateTargets(rows) {
  return rows
    .filter((r) => r.size === 'medium')
    .map((r) => ({
      id: `relocate-${r.language}`,
      what: `re-locate after a one-line edit (median), ${r.language} ${r.lines} lines`,
      target: `≤ ${RELOCATE_MS} ms`,
      measured: ms(r.incremental.p50),
      met: r.incremental.p50 <= RELOCATE_MS && r.failures === 0,
      factor: r.incremental.p50 / RELOCATE_MS,
    }));
}

/** Markdown for the section. */
export function renderRelocate(rows) {
  return [
    '### 1d. Re-locate after a one-line edit (incremental reparse) vs full parse of the same content',
    table(
      [
        'language',
        'size',
        'lines',
        'runs',
        'after edit p50',
        'p95',
        'full parse p50',
        'p95',
        'full / incremental',
        'fails',
        'target (5k)',
      ],
      rows.map((r) => [
        r.language,
        r.size,
        r.lines,
        r.incremental.n,
        ms(r.incremental.p50),
        ms(r.incremental.p95),
        ms(r.full.p50),
        ms(r.full.p95),
        ratio(r.ratio),
        r.failures,
        r.size === 'medium'
          ? `≤ ${RELOCATE_MS} ms ${verdict(r.incremental.p50 <= RELOCATE_MS && r.failures === 0)}`
          : '–',
      ]),
    ),
  ].join('\n\n');
}
