/**
 * Section 4: stability under edits. For N identifier positions per file, keep both the locate string
 * (`describe`) and the raw line:col; apply a realistic edit; count how often each still points at the same
 * token (the token's new position is known by mapping through the edit).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { insertFunctionAt, insertLinesAtTop, reformat } from '../lib/edits.js';
import { analyse, outlineOf } from '../lib/locus.js';
import { pct, table } from '../lib/markdown.js';
import { spread } from '../lib/stats.js';
import { display, Lines, samePosition } from '../lib/tokens.js';

/** A locate string whose scope is a line or line range (`path:38@…`): it cannot follow lines that move. */
const LINE_SCOPE = /^:L?\d+([-,]\d+)?(@|$)/;

/** Records the targets: identifier positions with an exact locate string. */
async function targets(ctx, entry, rel) {
  const { index, tokens } = analyse(entry);
  const out = [];
  for (const token of spread(tokens, ctx.config.stabilityPositions)) {
    const position = index.position(token.offset);
    const d = await ctx.locator.describe(rel, { position });
    if (d.ok && d.exact && samePosition(d.position, position))
      out.push({ token, position, locate: d.locate });
  }
  return out;
}

/** Scores targets against one edited version of the file. */
async function score(ctx, abs, edited, list, tally) {
  writeFileSync(abs, edited.text);
  const lines = new Lines(edited.text);
  for (const target of list) {
    const mapped = edited.map(target.token.offset);
    if (
      mapped === undefined ||
      edited.text.slice(mapped, mapped + target.token.text.length) !== target.token.text
    ) {
      tally.unmapped++;
      continue;
    }
    const expected = lines.position(mapped);
    const located = await ctx.locator.locate(target.locate);
    tally.tested++;
    if (located.ok && samePosition(located.position, expected)) tally.locate++;
    else {
      if (!located.ok) tally.locateErrors.push(located.error.code);
      if (tally.misses.length < 20)
        tally.misses.push({
          token: target.token.text,
          before: display(target.position),
          expected: display(expected),
          locate: target.locate,
          got: located.ok ? display(located.position) : located.error.code,
        });
    }
    if (samePosition(target.position, expected)) tally.lineCol++;
  }
}

function newTally(edit, how) {
  return { edit, how, tested: 0, unmapped: 0, locate: 0, lineCol: 0, locateErrors: [], misses: [] };
}

/** The start offset of the top-level declaration holding (or preceding) `offset`. */
function topLevelStart(entry, offset) {
  const { index } = analyse(entry);
  let best;
  for (const symbol of entry.outline.symbols) {
    const start = index.offset(symbol.range.start);
    if (start <= offset && (best === undefined || start > best)) best = start;
  }
  return best ?? index.offset(entry.outline.symbols[0]?.range.start ?? { line: 0, character: 0 });
}

async function stabilityEntry(ctx, entry) {
  await outlineOf(ctx.locator, entry);
  const rel = `stability/${entry.language}/${path.basename(entry.file)}`;
  const abs = path.join(ctx.root, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, entry.text);
  const list = (await targets(ctx, entry, rel)).map((t) => ({ ...t, locate: t.locate }));
  const top = newTally('insert 3 lines at the top');
  await score(ctx, abs, insertLinesAtTop(entry.text, entry.language), list, top);
  const fn = newTally('insert a new function before the target');
  const groups = new Map();
  for (const target of list) {
    const at = topLevelStart(entry, target.token.offset);
    groups.set(at, [...(groups.get(at) ?? []), target]);
  }
  let k = 0;
  for (const [at, group] of groups)
    await score(ctx, abs, insertFunctionAt(entry.text, entry.language, at, k++), group, fn);
  const formatted = await reformat(entry.text, entry.language);
  const fmt = newTally('reformat', formatted.how);
  await score(ctx, abs, formatted, list, fmt);
  const errors = await ctx.locator.outline(rel);
  fmt.syntaxErrorLines = errors.ok ? (errors.syntax_error_lines?.length ?? 0) : undefined;
  writeFileSync(abs, entry.text);
  const lineScoped = list.filter((t) => LINE_SCOPE.test(t.locate.slice(rel.length))).length;
  return {
    language: entry.language,
    size: entry.size,
    lines: entry.lines,
    positions: list.length,
    lineScoped,
    edits: [top, fn, fmt],
  };
}

/** Runs the section. */
export async function runStability(ctx) {
  const rows = [];
  for (const entry of ctx.entries.filter((e) => ctx.config.stabilitySizes.includes(e.size)))
    rows.push(await stabilityEntry(ctx, entry));
  return rows;
}

/** Markdown for the section. */
export function renderStability(rows) {
  const body = rows.flatMap((r) =>
    r.edits.map((e) => [
      r.language,
      r.size,
      e.edit + (e.how ? ` (${e.how})` : ''),
      e.tested,
      r.lineScoped,
      `${pct(e.locate, e.tested)} (${e.locate})`,
      `${pct(e.lineCol, e.tested)} (${e.lineCol})`,
      e.unmapped,
      e.locateErrors.length ? summariseErrors(e.locateErrors) : '–',
    ]),
  );
  return [
    '### 4. Stability under edits: still pointing at the same token after the edit',
    table(
      [
        'language',
        'size',
        'edit',
        'positions',
        'of which line-scoped strings',
        'locate string',
        'raw line:col',
        'not mappable',
        'locate errors',
      ],
      body,
    ),
  ].join('\n\n');
}

function summariseErrors(codes) {
  const counts = new Map();
  for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([c, n]) => `${c} ×${n}`).join(', ');
}
