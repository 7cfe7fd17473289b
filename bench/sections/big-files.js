/**
 * Section 5 (issue 16): big files. `describe` at random positions of ~50,000- and ~200,000-line files
 * (the ~200k file is the entry repeated), wall and CPU time per call; `outline` over the cached parse
 * (the operation's own cost, which must grow linearly with the symbol count); and the first parse of zod's
 * `src/v4/classic/schemas.ts`, which once took 1.2 s in a warm process (docs/performance.md, "Broken code").
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { int, ms, table, verdict } from '../lib/markdown.js';
import { REPO } from '../lib/sources.js';
import { now, summarize } from '../lib/stats.js';

const DESCRIBE_P99 = 20;
const DESCRIBE_MAX = 200;
const OUTLINE_18K_MS = 300;
const ZOD_FIRST_PARSE_MS = 150;
const ZOD_SCHEMAS = 'node_modules/zod/src/v4/classic/schemas.ts';

function random(seed) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function timed(body) {
  const cpu = process.cpuUsage();
  const start = now();
  const result = await body();
  const used = process.cpuUsage(cpu);
  return [now() - start, (used.user + used.system) / 1000, result];
}

async function bigEntry(ctx, entry, repeat) {
  const rel = `big/${entry.language}-x${repeat}${path.extname(entry.file)}`;
  mkdirSync(path.join(ctx.root, 'big'), { recursive: true });
  const text = entry.text.repeat(repeat);
  writeFileSync(path.join(ctx.root, rel), text);
  const lines = text.split('\n');
  await ctx.locator.outline(rel); // parse once; the describes below use the cached outline
  const next = random(16);
  const wall = [];
  const cpu = [];
  for (let i = 0; i < ctx.config.bigDescribes; i++) {
    const line = Math.floor(next() * lines.length);
    const character = Math.floor(next() * ((lines[line]?.length ?? 0) + 1));
    const [w, c] = await timed(() => ctx.locator.describe(rel, { position: { line, character } }));
    wall.push(w);
    cpu.push(c);
  }
  const [outlineMs, outlineCpu, outline] = await timed(() => ctx.locator.outline(rel));
  const count = (list) => list.reduce((n, s) => n + 1 + count(s.children), 0);
  return {
    file: rel,
    lines: lines.length,
    describe: { wall: summarize(wall), cpu: summarize(cpu) },
    outline: { ms: outlineMs, cpu: outlineCpu, symbols: outline.ok ? count(outline.symbols) : 0 },
  };
}

/**
 * zod's classic `schemas.ts`, parsed for the first time in this process (the TypeScript grammar is already
 * loaded by the sections before): parse and outline, wall and CPU, symbols, and whether the tree had errors
 * (damaged regions go to the compiler fallback).
 */
async function zodFirstParse(ctx) {
  const text = readFileSync(path.join(REPO, ZOD_SCHEMAS), 'utf8');
  const rel = 'big/zod-classic-schemas.ts';
  mkdirSync(path.join(ctx.root, 'big'), { recursive: true });
  writeFileSync(path.join(ctx.root, rel), text);
  const [wall, cpu, outline] = await timed(() => ctx.locator.outline(rel));
  const count = (list) => list.reduce((n, s) => n + 1 + count(s.children), 0);
  return {
    file: ZOD_SCHEMAS,
    lines: text.split('\n').length,
    ms: wall,
    cpu,
    symbols: outline.ok ? count(outline.symbols) : 0,
    errorLines: outline.ok ? (outline.syntax_error_lines ?? []).length : undefined,
  };
}

/** Runs the section: the largest entries of the run, as they are and repeated to ~200,000 lines. */
export async function runBigFiles(ctx) {
  const zod = await zodFirstParse(ctx);
  const rows = [];
  const largest = ctx.config.sizes.includes('large') ? 'large' : 'medium';
  for (const entry of ctx.entries.filter((e) => e.size === largest)) {
    if (largest === 'large') rows.push(await bigEntry(ctx, entry, 1));
    // The largest repetition still parsed (files over 4 Mi characters get no outline: docs/performance.md).
    const parsed = Math.floor((4 * 1024 * 1024 - 1) / entry.text.length);
    if (largest !== 'large' && parsed > 1) rows.push(await bigEntry(ctx, entry, parsed));
    rows.push(await bigEntry(ctx, entry, Math.max(1, Math.round(200_000 / entry.lines))));
  }
  return { zod, rows };
}

const describeMet = (r) => r.describe.wall.p99 <= DESCRIBE_P99 && r.describe.wall.max <= DESCRIBE_MAX;
const perSymbol = (r) => r.outline.ms / Math.max(1, r.outline.symbols);

/** Targets: describe p99 / max; outline cost scaled to 18,000 symbols; the first parse of zod's classic schemas. */
export function bigFilesTargets({ zod, rows }) {
  const first = zod
    ? [
        {
          id: 'zod-classic-first-parse',
          what: `first parse and outline of zod's classic/schemas.ts (${int(zod.lines)} lines, ${int(zod.symbols)} symbols) in a warm process`,
          target: `≤ ${ZOD_FIRST_PARSE_MS} ms`,
          measured: `${ms(zod.ms)} (CPU ${ms(zod.cpu)})`,
          met: zod.ms <= ZOD_FIRST_PARSE_MS,
          factor: zod.ms / ZOD_FIRST_PARSE_MS,
        },
      ]
    : [];
  return rows
    .flatMap((r) => [
      {
        id: `describe-${r.file}`,
        what: `describe p99 / max at ${r.describe.wall.n} random positions, ${r.file} (${int(r.lines)} lines)`,
        target: `≤ ${DESCRIBE_P99} ms / ≤ ${DESCRIBE_MAX} ms`,
        measured: `${ms(r.describe.wall.p99)} / ${ms(r.describe.wall.max)}`,
        met: describeMet(r),
        factor: Math.max(r.describe.wall.p99 / DESCRIBE_P99, r.describe.wall.max / DESCRIBE_MAX),
      },
      r.outline.symbols === 0
        ? undefined
        : {
            id: `outline-${r.file}`,
            what: `outline of ${int(r.outline.symbols)} symbols (parse cached), scaled to 18,000 symbols, ${r.file}`,
            target: `≤ ${OUTLINE_18K_MS} ms`,
            measured: ms(perSymbol(r) * 18_000),
            met: perSymbol(r) * 18_000 <= OUTLINE_18K_MS,
            factor: (perSymbol(r) * 18_000) / OUTLINE_18K_MS,
          },
    ])
    .filter(Boolean)
    .concat(first);
}

/** Markdown for the section. */
export function renderBigFiles({ zod, rows }) {
  return [
    ...(zod
      ? [
          `First parse of zod's \`${zod.file}\` (${int(zod.lines)} lines) in a warm process: ${ms(zod.ms)} wall, ` +
            `${ms(zod.cpu)} CPU, ${int(zod.symbols)} symbols, ${zod.errorLines ?? '?'} lines with syntax errors.`,
        ]
      : []),
    '### 5. Big files: `describe` at random positions, `outline` over a cached parse',
    table(
      [
        'file',
        'lines',
        'describes',
        'p50',
        'p99',
        'max',
        'cpu p99',
        'cpu max',
        'outline symbols',
        'outline',
        'cpu',
        'target',
      ],
      rows
        .filter((r) => r.describe !== undefined)
        .map((r) => [
          r.file,
          int(r.lines),
          r.describe.wall.n,
          ms(r.describe.wall.p50),
          ms(r.describe.wall.p99),
          ms(r.describe.wall.max),
          ms(r.describe.cpu.p99),
          ms(r.describe.cpu.max),
          int(r.outline.symbols),
          ms(r.outline.ms),
          ms(r.outline.cpu),
          `describe ${verdict(describeMet(r))}` +
            (r.outline.symbols
              ? `, outline ${verdict(perSymbol(r) * 18_000 <= OUTLINE_18K_MS)}`
              : ' (over 4 Mi chars: not parsed)'),
        ]),
    ),
  ].join('\n\n');
}
