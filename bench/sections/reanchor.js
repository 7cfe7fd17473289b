/**
 * Section `reanchor` (optional: `--sections reanchor`): stability of re-anchoring under real edit
 * sequences, and edit latency. Locate strings are taken on version N of a published npm package and
 * resolved on version N+1 (`npm pack`, cached under /tmp): exact / re-anchored correctly / refused /
 * wrong. The truth is the word-level LCS of the two versions (the same token, moved); a token that did
 * not survive must be refused. Then `edit` preview and apply latency per language on the corpus files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wordMapper } from '../lib/edits.js';
import { analyse, outlineOf } from '../lib/locus.js';
import { ms, pct, table } from '../lib/markdown.js';
import { median, now, spread } from '../lib/stats.js';
import { identifiers, Lines, samePosition } from '../lib/tokens.js';

/** Consecutive published versions with sources in the tarball. */
export const PAIRS = [
  {
    language: 'typescript',
    pkg: '@tanstack/query-core',
    from: '5.28.0',
    to: '5.29.0',
    files: /^src\/[^/]+\.ts$/,
  },
  {
    language: 'javascript',
    pkg: 'commander',
    from: '11.1.0',
    to: '12.0.0',
    files: /^(lib\/[^/]+|index)\.js$/,
  },
  {
    language: 'javascript',
    pkg: 'semver',
    from: '7.5.4',
    to: '7.6.0',
    files: /^(classes|functions|ranges|internal)\/[^/]+\.js$/,
  },
  { language: 'python', pkg: 'node-gyp', from: '9.4.1', to: '10.0.0', files: /^gyp\/pylib\/gyp\/[^/]+\.py$/ },
];

const CACHE = path.join(tmpdir(), 'locus-bench-reanchor');

/** Unpacks `pkg@version` under the cache (npm pack once); returns the package folder or an error. */
function unpack(pkg, version) {
  const dir = path.join(CACHE, `${pkg.replace(/[@/]/g, '_')}-${version}`);
  if (existsSync(path.join(dir, 'package', 'package.json'))) return { dir: path.join(dir, 'package') };
  mkdirSync(dir, { recursive: true });
  const packed = spawnSync('npm', ['pack', `${pkg}@${version}`, '--pack-destination', dir, '--silent'], {
    encoding: 'utf8',
  });
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (packed.status !== 0 || !tgz) return { error: `npm pack ${pkg}@${version} failed` };
  const untar = spawnSync('tar', ['xzf', tgz], { cwd: dir });
  if (untar.status !== 0) return { error: `could not unpack ${tgz}` };
  return { dir: path.join(dir, 'package') };
}

function listFiles(root, pattern, rel = '') {
  const out = [];
  for (const name of readdirSync(path.join(root, rel))) {
    const sub = rel ? `${rel}/${name}` : name;
    if (statSync(path.join(root, sub)).isDirectory()) out.push(...listFiles(root, pattern, sub));
    else if (pattern.test(sub)) out.push(sub);
  }
  return out;
}

/** Locate strings for tokens of `text`: what describe gives, and an agent-style `file:LINE@token`. */
async function takeStrings(ctx, rel, text, language) {
  const lines = new Lines(text);
  const strings = [];
  for (const token of spread(identifiers(text, language), ctx.config.reanchorPositions)) {
    const position = lines.position(token.offset);
    const d = await ctx.locator.describe(rel, { position });
    if (d.ok && d.exact) strings.push({ kind: 'describe', locate: d.locate, token });
    // As an agent writes it: the line, the token and the two tokens after it (`app.ts:42@foo(x,`).
    const next =
      /^([ \t]*)([\p{L}\p{M}\p{Nd}\p{Pc}$]+|[^\s])([ \t]*)([\p{L}\p{M}\p{Nd}\p{Pc}$]+|[^\s])/u.exec(
        text.slice(token.offset + token.text.length),
      );
    if (!next) continue;
    const find = `${token.text}${next[1] ? ' ' : ''}${next[2]}${next[3] ? ' ' : ''}${next[4]}`;
    const lineScoped = `${rel}:${position.line + 1}@${find}`;
    const check = await ctx.locator.locate(lineScoped);
    if (check.ok && samePosition(check.position, position))
      strings.push({ kind: 'line', locate: lineScoped, token });
    // The whole line, cursor on the token (`app.ts:42@return <|>subtotal;`).
    const start = lines.starts[position.line];
    const end = text.indexOf('\n', start) < 0 ? text.length : text.indexOf('\n', start);
    const before = text.slice(start, token.offset).trimStart();
    const after = text.slice(token.offset, end).trimEnd();
    if ((before + after).length > 100 || (before + after).split(/\s+/).length < 2) continue;
    const wholeLine = `${rel}:${position.line + 1}@${before}<|>${after}`;
    const same = await ctx.locator.locate(wholeLine);
    if (same.ok && samePosition(same.position, position))
      strings.push({ kind: 'whole', locate: wholeLine, token });
  }
  return strings;
}

function lineAround(text, offset) {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end < 0 ? text.length : end).trim();
}

function newTally() {
  return {
    strings: 0,
    exact: 0,
    exactElsewhere: 0,
    exactGone: 0,
    reanchored: 0,
    reanchoredGone: 0,
    refused: 0,
    refusedSurvived: 0,
    wrong: 0,
    details: [],
  };
}

/** Scores the strings of one file pair on version N+1. */
async function scoreFile(ctx, abs, rel, oldText, newText, strings, tally) {
  writeFileSync(abs, newText);
  const map = wordMapper(oldText, newText);
  const lines = new Lines(newText);
  for (const s of strings) {
    const t = tally[s.kind];
    t.strings++;
    const mapped = map(s.token.offset);
    const expected = mapped === undefined ? undefined : lines.position(mapped);
    const result = await ctx.lib.locateReanchored(ctx.locator, s.locate);
    if (!result.ok) {
      t.refused++;
      if (expected) t.refusedSurvived++;
    } else if (!result.reanchored) {
      if (!expected) t.exactGone++;
      else if (samePosition(result.position, expected)) t.exact++;
      else t.exactElsewhere++;
    } else if (expected && samePosition(result.position, expected)) t.reanchored++;
    else {
      // No counterpart in the word-level LCS (statement rewritten or moved across a reordering): listed
      // with both lines so a reader can judge; a counterpart elsewhere is a plain error.
      if (expected) t.wrong++;
      else t.reanchoredGone++;
      if (t.details.length < 10)
        t.details.push({
          locate: s.locate,
          to: result.reanchored.to,
          verdict: expected ? 'WRONG' : 'no LCS counterpart',
          was: lineAround(oldText, s.token.offset),
          now: lineAround(newText, lines.starts[result.position.line] + result.position.character),
        });
    }
  }
}

async function scorePair(ctx, pair) {
  const a = unpack(pair.pkg, pair.from);
  const b = unpack(pair.pkg, pair.to);
  if (a.error || b.error) return { ...pair, skipped: a.error ?? b.error };
  const tally = { describe: newTally(), line: newTally(), whole: newTally() };
  const changed = listFiles(a.dir, pair.files).filter((f) => {
    const other = path.join(b.dir, f);
    return existsSync(other) && readFileSync(other, 'utf8') !== readFileSync(path.join(a.dir, f), 'utf8');
  });
  const files = spread(changed, ctx.config.reanchorFiles);
  for (const file of files) {
    const rel = `reanchor/${pair.pkg.replace(/[@/]/g, '_')}/${file}`;
    const abs = path.join(ctx.root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    const oldText = readFileSync(path.join(a.dir, file), 'utf8');
    writeFileSync(abs, oldText);
    const strings = await takeStrings(ctx, rel, oldText, pair.language);
    await scoreFile(ctx, abs, rel, oldText, readFileSync(path.join(b.dir, file), 'utf8'), strings, tally);
    rmSync(abs);
  }
  return { ...pair, files: files.length, changedFiles: changed.length, tally };
}

const EDIT_TEXT = {
  python: 'def locus_bench_added(x):\n    return x + 1\n',
  typescript: 'function locusBenchAdded(x: number): number {\n  return x + 1;\n}\n',
  javascript: 'function locusBenchAdded(x) {\n  return x + 1;\n}\n',
  go: 'func locusBenchAdded(x int) int {\n\treturn x + 1\n}\n',
};

/** Median preview and apply time of inserting a function after a top-level one, per corpus entry. */
async function editLatency(ctx) {
  const locus = ctx.lib.createLocus({ root: ctx.root });
  const rows = [];
  try {
    for (const entry of ctx.entries.filter((e) => e.size === 'medium' && EDIT_TEXT[e.language])) {
      analyse(entry);
      await outlineOf(ctx.locator, entry);
      const top = entry.outline.symbols.find((s) => s.kind === 'function' || s.kind === 'class');
      if (!top) continue;
      const request = [{ locate: top.locate, action: 'insert_after', text: EDIT_TEXT[entry.language] }];
      rows.push({
        language: entry.language,
        file: entry.file,
        lines: entry.lines,
        ...(await timeEdits(ctx, locus, entry, top, request)),
        ...(await timeFormat(ctx, locus, entry, top, request)),
      });
    }
  } finally {
    await locus.close();
  }
  return rows;
}

async function timeEdits(ctx, locus, entry, top, request) {
  const abs = path.join(ctx.root, entry.file);
  const [preview, apply, locate] = [[], [], []];
  for (let i = 0; i < ctx.config.editIterations; i++) {
    let start = now();
    await ctx.locator.locate(top.locate);
    locate.push(now() - start);
    start = now();
    const p = await locus.edit(request);
    preview.push(now() - start);
    if (!p.ok) throw new Error(`${entry.file}: ${p.error.message}`);
    start = now();
    const applied = await locus.edit(request, { apply: true, fingerprint: p.fingerprint });
    apply.push(now() - start);
    if (!applied.ok) throw new Error(`${entry.file}: ${applied.error.message}`);
    writeFileSync(abs, entry.text);
  }
  return { locate: median(locate), preview: median(preview), apply: median(apply) };
}

/**
 * With `format: true` the server formats the new code: timed against formatting the target symbol with the
 * `format_range` operation (one server round trip plus Locus's overhead). Warm servers (first call untimed).
 */
async function timeFormat(ctx, locus, entry, top, request) {
  if (!['typescript', 'go'].includes(entry.language)) return {};
  const [formatted, roundTrip] = [[], []];
  for (let i = 0; i <= Math.min(3, ctx.config.editIterations); i++) {
    let start = now();
    const f = await locus.formatRange(top.locate);
    if (i > 0) roundTrip.push(now() - start);
    if (!f.ok) return { formatNote: f.error.code };
    start = now();
    const p = await locus.edit(request, { format: true });
    if (i > 0) formatted.push(now() - start);
    if (!p.ok) return { formatNote: p.error.code };
  }
  return { formatPreview: median(formatted), formatRoundTrip: median(roundTrip) };
}

/** Runs the section. */
export async function runReanchor(ctx) {
  const pairs = [];
  for (const pair of PAIRS) pairs.push(await scorePair(ctx, pair));
  return { pairs, latency: await editLatency(ctx) };
}

function pairRows(pairs) {
  return pairs.flatMap((p) => {
    if (p.skipped)
      return [
        [p.pkg, `${p.from} → ${p.to}`, p.language, '–', `skipped: ${p.skipped}`, '', '', '', '', '', '', ''],
      ];
    return Object.entries(p.tally).map(([kind, t]) => [
      p.pkg,
      `${p.from} → ${p.to}`,
      p.language,
      `${p.files}/${p.changedFiles}`,
      { line: '`file:LINE@3 tokens`', whole: '`file:LINE@whole line`' }[kind] ?? 'describe',
      t.strings,
      `${pct(t.exact, t.strings)} (${t.exact})`,
      `${t.reanchored}`,
      `${t.reanchoredGone}`,
      `${t.refused} (token survived: ${t.refusedSurvived})`,
      `**${t.wrong}**`,
      `${t.exactElsewhere} / ${t.exactGone}`,
    ]);
  });
}

/** Markdown for the section. */
export function renderReanchor(result) {
  const details = result.pairs.flatMap((p) =>
    Object.values(p.tally ?? {}).flatMap((t) =>
      t.details.map(
        (d) => `- ${d.verdict}: \`${d.locate}\` → \`${d.to}\`; was \`${d.was}\`, now \`${d.now}\``,
      ),
    ),
  );
  return [
    '### Re-anchoring under real edit sequences (locate strings of version N resolved on N+1)',
    table(
      [
        'package',
        'versions',
        'language',
        'files (sampled/changed)',
        'strings',
        'count',
        'exact, same token',
        're-anchored correctly',
        're-anchored, no LCS counterpart (listed)',
        'refused',
        're-anchored wrong',
        'exact but elsewhere / token gone',
      ],
      pairRows(result.pairs),
    ),
    ...details,
    '### Edit latency (insert a function after a top-level declaration; median)',
    table(
      [
        'language',
        'file',
        'lines',
        'locate (reference)',
        'edit preview',
        'edit apply (fingerprint)',
        'preview with format: true',
        'format_range of the target (server round trip)',
      ],
      result.latency.map((r) => [
        r.language,
        r.file,
        r.lines,
        ms(r.locate),
        ms(r.preview),
        ms(r.apply),
        r.formatPreview === undefined ? (r.formatNote ?? '–') : ms(r.formatPreview),
        r.formatRoundTrip === undefined ? '–' : ms(r.formatRoundTrip),
      ]),
    ),
  ].join('\n\n');
}
