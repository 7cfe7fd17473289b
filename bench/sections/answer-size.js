/**
 * Answer size (issue 15): the characters of a references answer as an agent reads it (markdown), in the
 * compact default (one line per hit, source lines for the first 3 hits) beside the same answer in full form
 * (every hit with its source line) and the pre-compact form (three lines per hit: place and enclosing symbol,
 * source line, `locate:` line), per hit, against the peers' sizes quoted in the issue (references with 14
 * hits: 781–1,011 characters). Every compact hit keeps its locate string (checked).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OPS_CASES } from '../lib/ops-cases.js';
import { REPO } from '../lib/sources.js';
import { int, ratio, table } from '../lib/markdown.js';
import { serverStatus } from '../lib/servers.js';
import { renderToolSizes, runToolSizes, toolSizeTargets } from './answer-size-tools.js';

/** Real code: zod's v3 sources (installed in node_modules), copied to a temp dir. */
const REAL_CASES = [
  {
    language: 'typescript (zod v3 src)',
    server: 'typescript',
    copy: 'node_modules/zod/src/v3',
    into: 'v3',
    references: 'v3/types.ts:RefinementCtx',
    completion: 'v3/types.ts:ZodString.min@this.<|>_addCheck',
  },
];

/** Peers' references answers for the same 14-hit task (issue 15): smallest and largest, in characters. */
const PEERS = { hits: 14, smallest: 781, largest: 1011 };
const TARGET_FACTOR = 1.2;

/** The pre-compact rendering of one hit (kept here to measure against). */
function oldHit(ref) {
  const what = ref.declares
    ? ` — ${ref.declares.kind} ${ref.declares.path}`
    : ref.symbol
      ? ` — in ${ref.symbol.kind} ${ref.symbol.path}`
      : '';
  const lines = [`- ${ref.display}${what}`];
  if (ref.snippet) lines.push(`  \`${ref.snippet}\``);
  if (ref.locate) lines.push(`  locate: \`${ref.locate}\``);
  return lines.join('\n');
}

async function measure(ctx, render, testCase) {
  const root = mkdtempSync(path.join(tmpdir(), 'locus-bench-answers-'));
  if (testCase.copy)
    cpSync(path.join(REPO, testCase.copy), path.join(root, testCase.into), { recursive: true });
  else cpSync(path.join(REPO, 'test/fixtures', testCase.fixture), root, { recursive: true });
  const locus = ctx.lib.createLocus({ root });
  try {
    const compact = await locus.references(testCase.references);
    const full = await locus.references(testCase.references, { snippets: true });
    if (!compact.ok || !full.ok)
      return { language: testCase.language, error: (compact.error ?? full.error).code };
    const refs = compact.files.flatMap((f) => f.references);
    const compactText = render(compact);
    const fullText = render(full);
    const header = compactText.split('\n\n')[0].length;
    const oldBody = full.files.map((f) =>
      [`${f.file_path} (${f.references.length})`, ...f.references.map(oldHit)].join('\n'),
    );
    const oldText = `${fullText.split('\n\n')[0]}\n\n${oldBody.join('\n\n')}`;
    const completion = testCase.completion ? await locus.completion(testCase.completion) : undefined;
    return {
      language: testCase.language,
      server: testCase.server,
      completion: completion?.ok
        ? `${completion.items.length} of ${completion.total}`
        : completion?.error?.code,
      hits: compact.total,
      header,
      compact: compactText.length,
      full: fullText.length,
      old: oldText.length,
      locateKept: refs.every((r) => !r.locate || compactText.includes(r.locate)),
    };
  } finally {
    await locus.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Runs the section. */
export async function runAnswerSize(ctx) {
  const { renderReferences } = await import(pathToFileURL(path.join(REPO, 'dist/render/locations.js')).href);
  const rows = [];
  for (const testCase of [...REAL_CASES, ...OPS_CASES]) {
    if (!serverStatus(ctx.lib.lsp, testCase.server).available) {
      ctx.missingServers.add(testCase.server);
      continue;
    }
    rows.push(await measure(ctx, renderReferences, testCase));
  }
  return { rows, tools: await runToolSizes(ctx) };
}

const perHit = (chars, header, hits) => (chars - header) / Math.max(1, hits);

/** Target: compact references per hit ≤ 1.2 × the smallest peer's per hit, every locate string kept. */
export function answerSizeTargets(result) {
  const measured = result.rows.filter((r) => !r.error && r.hits > 0);
  const worst = Math.max(...measured.map((r) => perHit(r.compact, r.header, r.hits)));
  const peer = PEERS.smallest / PEERS.hits;
  return [
    ...toolSizeTargets(result.tools ?? []),
    {
      id: 'answers-references-compact',
      what: 'references: characters per hit, compact default (worst language) vs smallest peer × 1.2',
      target: `≤ ${(peer * TARGET_FACTOR).toFixed(0)}`,
      measured: measured.length ? `${worst.toFixed(0)}` : '–',
      met: measured.length ? worst <= peer * TARGET_FACTOR && measured.every((r) => r.locateKept) : undefined,
      factor: measured.length ? worst / (peer * TARGET_FACTOR) : undefined,
    },
  ];
}

/** Renders the section. */
export function renderAnswerSize(result) {
  const peer = PEERS.smallest / PEERS.hits;
  const rows = result.rows.map((r) =>
    r.error
      ? [r.language, '–', r.error, '', '', '', '', '', '']
      : [
          `${r.language} (${r.server})`,
          int(r.hits),
          int(r.compact),
          int(r.full),
          int(r.old),
          perHit(r.compact, r.header, r.hits).toFixed(0),
          perHit(r.old, r.header, r.hits).toFixed(0),
          ratio(perHit(r.compact, r.header, r.hits) / peer),
          ratio(r.compact / PEERS.smallest),
          r.locateKept ? 'yes' : 'NO',
        ],
  );
  return [
    renderToolSizes(result.tools ?? []),
    '## Answer size: references (compact default vs full forms vs peers)',
    `Characters of markdown; per hit = (answer − cursor header) / hits. Peers (issue 15, 14 hits): ${PEERS.smallest}–${PEERS.largest} characters = ${(PEERS.smallest / PEERS.hits).toFixed(0)}–${(PEERS.largest / PEERS.hits).toFixed(0)} per hit.`,
    table(
      [
        'case',
        'hits',
        'compact',
        'full (snippets)',
        'pre-compact',
        'compact/hit',
        'pre-compact/hit',
        'per hit ÷ smallest peer',
        'whole answer ÷ smallest peer',
        'every locate string kept',
      ],
      rows,
    ),
    `Completion on the same real code (items returned of those matching the typed prefix, all when they fit the budget): ${result.rows
      .filter((r) => r.completion)
      .map((r) => `${r.language}: ${r.completion}`)
      .join('; ')}.`,
  ].join('\n\n');
}
