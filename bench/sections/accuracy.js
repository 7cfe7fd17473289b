/**
 * Section 3: accuracy.
 * a) Round trip: for identifier occurrences in the corpus files, `describe` the position, then `locate` the
 *    locate string it returned; the result must be the same position (100% required, docs/locate-strings.md,
 *    "Going back: describe"). A sample of the other non-whitespace positions (inside strings and comments, punctuation, mid-token) is checked too.
 * b) Symbol-scope agreement with the language server's documentSymbol (selectionRange start vs Locus's name
 *    position, matched by path), with every disagreement listed by kind so a person can judge who is right.
 */
import { countByKind } from '../lib/agreement.js';
import { analyse } from '../lib/locus.js';
import { code, int, ms, pct, table } from '../lib/markdown.js';
import { now, spread, summarize } from '../lib/stats.js';
import { display, samePosition } from '../lib/tokens.js';

/** Non-whitespace offsets that do not start an identifier: strings, comments, punctuation, mid-token. */
function otherOffsets(entry, count) {
  const { tokens, text } = analyse(entry);
  const starts = new Set(tokens.map((t) => t.offset));
  const offsets = [];
  for (let i = 0; i < text.length; i++) if (!/\s/.test(text[i]) && !starts.has(i)) offsets.push(i);
  return spread(offsets, count);
}

/** describe → locate for one position; a problem description, or undefined when it round-trips. */
async function check(ctx, entry, position) {
  const described = await ctx.locator.describe(entry.file, { position });
  if (!described.ok) return [`describe failed: ${described.error.code} ${described.error.message}`];
  if (!samePosition(described.position, position))
    return [
      `describe ${described.exact ? '' : '(exact: false) '}resolved to ${display(described.position)}`,
      described.locate,
    ];
  const located = await ctx.locator.locate(described.locate);
  if (!located.ok) return [`locate failed: ${located.error.code} ${located.error.message}`, described.locate];
  if (!samePosition(located.position, position))
    return [`locate gave ${display(located.position)}`, described.locate];
  return [undefined, described.locate];
}

async function roundTripSet(ctx, entry, offsets, kind, times) {
  const { index, text } = analyse(entry);
  const failures = [];
  for (const offset of offsets) {
    const position = index.position(offset);
    const start = now();
    const [problem, locate] = await check(ctx, entry, position);
    times.push(now() - start);
    if (problem) {
      const near = text.slice(offset, offset + 12).split('\n')[0];
      failures.push({
        file: entry.file,
        kind,
        position,
        at: display(position),
        token: near,
        locate,
        problem,
      });
    }
  }
  return failures;
}

async function roundTrip(ctx, entry) {
  const { tokens } = analyse(entry);
  const { config } = ctx;
  const identifiers = !config.roundTripSizes.includes(entry.size)
    ? []
    : config.roundTripMax
      ? spread(tokens, config.roundTripMax)
      : tokens;
  const others = config.roundTripOtherSizes.includes(entry.size)
    ? otherOffsets(entry, config.roundTripOthers)
    : [];
  const times = [];
  const idFailures = await roundTripSet(
    ctx,
    entry,
    identifiers.map((t) => t.offset),
    'identifier',
    times,
  );
  const otherFailures = await roundTripSet(ctx, entry, others, 'other', times);
  return {
    language: entry.language,
    size: entry.size,
    lines: entry.lines,
    identifiers: tokens.length,
    tested: identifiers.length,
    passed: identifiers.length - idFailures.length,
    othersTested: others.length,
    othersPassed: others.length - otherFailures.length,
    failures: [...idFailures, ...otherFailures],
    describeAndLocate: summarize(times),
  };
}

/** Locate strings for the server's positions of disagreements (bounded: describe costs milliseconds). */
async function annotate(ctx, entry, list, limit) {
  for (const item of list.slice(0, limit)) {
    if (!item.server) continue;
    const d = await ctx.locator.describe(entry.file, { position: item.server });
    item.serverLocate = d.ok ? d.locate : `(${d.error.code})`;
  }
}

async function agreement(ctx, entry) {
  const c = entry.comparison;
  const limit = ctx.config.annotateLimit;
  await annotate(ctx, entry, c.moved, limit);
  await annotate(ctx, entry, c.onlyServer, limit);
  const tag = (list) =>
    list.map((item) => ({ language: entry.language, size: entry.size, file: entry.file, ...item }));
  return {
    language: entry.language,
    size: entry.size,
    server: c.server,
    locusTotal: c.locusTotal,
    serverTotal: c.serverTotal,
    matched: c.matched.length,
    moved: tag(c.moved),
    renamed: tag(c.renamed),
    onlyLocus: tag(c.onlyLocus),
    onlyServer: tag(c.onlyServer),
    serverLocals: c.serverLocals.length,
    serverLocalKinds: countByKind(c.serverLocals),
  };
}

/** Runs the section (3b needs section 2 to have run). */
export async function runAccuracy(ctx) {
  const roundTrips = [];
  const sizes = [...ctx.config.roundTripSizes, ...ctx.config.roundTripOtherSizes];
  for (const entry of ctx.entries.filter((e) => sizes.includes(e.size)))
    roundTrips.push(await roundTrip(ctx, entry));
  const agreements = [];
  for (const entry of ctx.entries.filter((e) => e.comparison)) agreements.push(await agreement(ctx, entry));
  return { roundTrips, agreements };
}

/** Target: round trip 100%. */
export function accuracyTargets(result) {
  const sum = (key) => result.roundTrips.reduce((s, r) => s + r[key], 0);
  const row = (id, what, tested, passed) => ({
    id,
    what: `describe → locate round trip, ${int(tested)} ${what}`,
    target: '100%',
    measured: `${pct(passed, tested)} (${int(tested - passed)} failed)`,
    met: tested > 0 ? passed === tested : undefined,
  });
  return [
    row('round-trip', 'identifier positions', sum('tested'), sum('passed')),
    row(
      'round-trip-other',
      'other non-whitespace positions (sample)',
      sum('othersTested'),
      sum('othersPassed'),
    ),
  ];
}

function kindList(list, key = 'kind') {
  return countByKind(list, key)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

/** Up to `n` items, taken round-robin from each language so no language crowds the others out. */
function fair(list, n) {
  const byLanguage = new Map();
  for (const item of list) byLanguage.set(item.language, [...(byLanguage.get(item.language) ?? []), item]);
  const out = [];
  for (let i = 0; out.length < n && out.length < list.length; i++)
    for (const items of byLanguage.values()) if (items[i] && out.length < n) out.push(items[i]);
  return out;
}

function disagreementRows(list, n) {
  return fair(list, n).map((d) => [
    d.language,
    `${d.kind ?? ''}${d.serverKind && d.serverKind !== d.kind ? ` / ${d.serverKind}` : ''}`,
    code(d.path + (d.index ? `[${d.index}]` : '')),
    d.locus ? display(d.locus) : '–',
    d.server ? display(d.server) : '–',
    d.locate ? code(d.locate) : '–',
    d.serverLocate ? code(d.serverLocate) : '–',
  ]);
}

/** Markdown for the section: counts, then the top of each disagreement list. */
export function renderAccuracy(result, top = 12) {
  const rt = table(
    [
      'language',
      'size',
      'lines',
      'identifiers in file',
      'identifiers tested',
      'passed',
      'rate',
      'other positions tested',
      'passed',
      'describe+locate p50',
      'failures (first)',
    ],
    result.roundTrips.map((r) => [
      r.language,
      r.size,
      int(r.lines),
      int(r.identifiers),
      int(r.tested),
      int(r.passed),
      pct(r.passed, r.tested),
      int(r.othersTested),
      `${int(r.othersPassed)} (${pct(r.othersPassed, r.othersTested)})`,
      ms(r.describeAndLocate.p50),
      r.failures[0]
        ? `${r.failures[0].file}:${r.failures[0].at} ${code(r.failures[0].locate ?? '')} ${r.failures[0].problem}`
        : 'none',
    ]),
  );
  const ag = table(
    [
      'language',
      'size',
      'server',
      'Locus symbols',
      'server symbols',
      'paired, same position',
      'paired, position differs',
      'same position, other path',
      'only Locus',
      'only server',
      'server locals/params/anonymous (not Locus symbols)',
    ],
    result.agreements.map((a) => [
      a.language,
      a.size,
      a.server,
      int(a.locusTotal),
      int(a.serverTotal),
      `${int(a.matched)} (${pct(a.matched, a.matched + a.moved.length)})`,
      `${a.moved.length}${a.moved.length ? ` — ${kindList(a.moved)}` : ''}`,
      `${a.renamed.length}${a.renamed.length ? ` — ${kindList(a.renamed)}` : ''}`,
      `${a.onlyLocus.length}${a.onlyLocus.length ? ` — ${kindList(a.onlyLocus)}` : ''}`,
      `${a.onlyServer.length}${a.onlyServer.length ? ` — ${kindList(a.onlyServer)}` : ''}`,
      int(a.serverLocals),
    ]),
  );
  const head = [
    'language',
    'kind (Locus / server)',
    'path',
    'Locus at',
    'server at',
    'Locus locate string',
    "locate string of the server's position",
  ];
  const moved = result.agreements.flatMap((a) => a.moved);
  const renamed = result.agreements.flatMap((a) => a.renamed);
  const onlyLocus = result.agreements.flatMap((a) => a.onlyLocus);
  const onlyServer = result.agreements.flatMap((a) => a.onlyServer);
  const failures = result.roundTrips.flatMap((r) => r.failures);
  return [
    '### 3a. Round trip: `describe(p)` then `locate(…)` must give `p` (identifier occurrences outside comments and strings; plus a sample of every other non-whitespace position)',
    rt,
    ...(failures.length
      ? [
          table(
            ['file', 'at', 'token', 'locate string', 'problem'],
            failures.slice(0, top).map((f) => [f.file, f.at, f.token, code(f.locate ?? ''), f.problem]),
          ),
        ]
      : []),
    '### 3b. Symbol-scope agreement with documentSymbol (selectionRange start vs Locus name position, paired by path)',
    ag,
    `#### Position differs (first ${top} of ${moved.length}; all in latest.json)`,
    moved.length ? table(head, disagreementRows(moved, top)) : 'none',
    `#### Same name position, different path (first ${top} of ${renamed.length})`,
    renamed.length
      ? table(
          ['language', 'kind (Locus / server)', 'Locus path', 'server path', 'at', 'Locus locate string'],
          fair(renamed, top).map((d) => [
            d.language,
            `${d.kind} / ${d.serverKind}`,
            code(d.path),
            code(d.serverPath),
            display(d.locus),
            code(d.locate),
          ]),
        )
      : 'none',
    `#### Only in Locus (first ${top} of ${onlyLocus.length})`,
    onlyLocus.length ? table(head, disagreementRows(onlyLocus, top)) : 'none',
    `#### Only in the server, not parameters/locals/anonymous (first ${top} of ${onlyServer.length})`,
    onlyServer.length ? table(head, disagreementRows(onlyServer, top)) : 'none',
  ].join('\n\n');
}
