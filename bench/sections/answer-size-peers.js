/**
 * Answer size against the peers (issue 26, "Compact by default" and "Honest bench"): Locus and the npm peers of
 * /work/shared/notes/peers.md (cclsp, lsmcp; bench/lib/peers.js) each started as a real stdio MCP server on its
 * own copy of the same fixture project (TypeScript, Python, Go), every tool on the same language server, asked
 * the same task families through its own tools (bench/lib/peer-tasks.js). Per task: the bytes the agent receives
 * (text content + JSON of structuredContent, bench/lib/peers.js `answerText`) and whether the answer is correct;
 * the ratio of Locus's bytes to the smallest correct peer answer, and the median over the tasks Locus and at least
 * one peer solved. Off in --quick and --smoke (it installs the peers into a user cache folder on first use).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { int, ratio, table } from '../lib/markdown.js';
import {
  answerText,
  connectStdio,
  contentText,
  fixture,
  installPeers,
  LAUNCHERS,
  PEER_PACKAGES,
  serverCommands,
} from '../lib/peers.js';
import { judge, tasksFor } from '../lib/peer-tasks.js';
import { serverStatus } from '../lib/servers.js';
import { now } from '../lib/stats.js';

const TOOLS = ['locus', 'cclsp', 'lsmcp'];
const LANGUAGES = { typescript: 'typescript-classic', python: 'pyright', go: 'gopls' };
const TARGET = 1.2;
/** Per-call cap: the peers' own request timeouts are 30 s; a hung call is a failed answer, not a hung bench. */
const CALL_TIMEOUT_MS = 90_000;

const bytes = (text) => Buffer.byteLength(text, 'utf8');

/** One tool's answers to every task of one language, on its own copy of the fixture at `root`. */
async function runTool(tool, language, root, configDir, commands, tasks) {
  const launch = LAUNCHERS[tool](root, language, commands, configDir);
  const client = await connectStdio(launch, root);
  const answers = {};
  try {
    for (const task of tasks) {
      const call = task[tool];
      if (!call) continue;
      const start = now();
      try {
        const result = await client.callTool({ name: call[0], arguments: call[1] }, undefined, {
          timeout: CALL_TIMEOUT_MS,
        });
        const text = answerText(result);
        const verdict = result.isError ? { ok: false, why: 'error answer' } : judge(text, task);
        const textBytes = bytes(contentText(result));
        const jsonBytes = result.structuredContent ? bytes(JSON.stringify(result.structuredContent)) : 0;
        answers[task.family] = {
          tool: call[0],
          bytes: Math.max(textBytes, jsonBytes),
          sumBytes: bytes(text),
          textBytes,
          jsonBytes,
          ms: now() - start,
          ...verdict,
          text,
        };
      } catch (error) {
        answers[task.family] = { tool: call[0], bytes: 0, ms: now() - start, ok: false, why: error.message };
      }
      // A peer that applies a rename gets its project back before the next task.
      if (task.applies?.includes(tool)) cpSync(fixture(language), root, { recursive: true });
    }
  } finally {
    await client.close();
  }
  return answers;
}

/** Every tool on every language; rows per (language, family). */
export async function runAnswerSizePeers(ctx) {
  if (ctx.config.answerPeers === false)
    return { skipped: 'off in --quick and --smoke (full mode only: `npm run bench -- --sections peers`)' };
  const why = installPeers();
  if (why) {
    process.stderr.write(`[bench] peers: SKIPPED: ${why}\n`);
    return { skipped: why };
  }
  const commands = serverCommands(ctx.lib.lsp);
  // One short base folder; every tool's project at the same path length (peers print absolute paths).
  const base = mkdtempSync('/tmp/lbp-');
  const rows = [];
  const missing = [];
  try {
    for (const [language, server] of Object.entries(LANGUAGES)) {
      if (!serverStatus(ctx.lib.lsp, server).available) {
        missing.push(server);
        continue;
      }
      const answers = {};
      for (const [i, tool] of TOOLS.entries()) {
        const root = path.join(base, `${language.slice(0, 2)}${i}`);
        const configDir = path.join(base, `config-${tool}-${language}`);
        mkdirSync(configDir, { recursive: true });
        cpSync(fixture(language), root, { recursive: true });
        answers[tool] = await runTool(tool, language, root, configDir, commands, tasksFor(language, root));
      }
      for (const task of tasksFor(language, path.join(base, `${language.slice(0, 2)}0`)))
        rows.push(compare(language, task.family, answers));
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return { rows, missing, versions: PEER_PACKAGES, summary: summarise(rows) };
}

/** One row: every tool's answer and Locus's ratio to the smallest correct peer answer. */
function compare(language, family, answers) {
  const of = (tool) => answers[tool][family];
  const peers = TOOLS.slice(1).filter((t) => of(t)?.ok);
  const smallest = peers.length ? Math.min(...peers.map((t) => of(t).bytes)) : undefined;
  const locus = of('locus');
  const solved = locus?.ok && smallest !== undefined;
  return {
    language,
    family,
    tools: Object.fromEntries(TOOLS.map((t) => [t, of(t)])),
    smallestPeer: smallest,
    // Peers send no structuredContent: their text is all they send, whatever the client passes on.
    ratio: solved ? locus.bytes / smallest : undefined,
    sumRatio: solved ? locus.sumBytes / smallest : undefined,
    textRatio: solved ? locus.textBytes / smallest : undefined,
    jsonRatio: solved ? locus.jsonBytes / smallest : undefined,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Median of each ratio over `rows` (undefined when there are none). */
function medians(rows) {
  const of = (key) => (rows.length ? median(rows.map((r) => r[key])) : undefined);
  return {
    median: of('ratio'),
    sumMedian: of('sumRatio'),
    textMedian: of('textRatio'),
    jsonMedian: of('jsonRatio'),
  };
}

function summarise(rows) {
  const both = rows.filter((r) => r.ratio !== undefined);
  const families = [...new Set(rows.map((r) => r.family))].map((family) => {
    const solved = both.filter((r) => r.family === family);
    return {
      family,
      tool: rows.find((r) => r.family === family)?.tools.locus?.tool,
      both: solved.length,
      ...medians(solved),
    };
  });
  return {
    tasks: rows.length,
    both: both.length,
    within: both.filter((r) => r.ratio <= TARGET).length,
    ...medians(both),
    families,
  };
}

/**
 * Target: the median over the tasks both solved of Locus's bytes ÷ the smallest correct peer answer, Locus's bytes
 * being the larger of its text and its structuredContent JSON: a client passes the model one of the two (Claude
 * Code and VS Code the JSON alone when both are sent, others the text), never both.
 */
export function answerSizePeersTargets(result) {
  if (!result.summary || result.summary.median === undefined) return [];
  const { median: m, both, within, sumMedian } = result.summary;
  return [
    {
      id: 'answers-vs-peers-median',
      what: `MCP answer bytes (the larger of text and structuredContent) ÷ the smallest correct peer answer (cclsp, lsmcp), median over ${both} tasks both solved`,
      target: `≤ ${TARGET}×`,
      measured: `${m.toFixed(2)}× (${within}/${both} tasks ≤ ${TARGET}×; text + structuredContent together ${sumMedian.toFixed(2)}×)`,
      met: m <= TARGET,
      factor: m / TARGET,
    },
  ];
}

const cell = (answer) => {
  if (!answer) return 'no such tool';
  if (answer.ok) return int(answer.bytes);
  return `✗ ${answer.bytes ? int(answer.bytes) : ''} (${answer.why.slice(0, 80)})`;
};

const times = (x) => (x === undefined ? '–' : ratio(x));

/** The table per task, the table per tool (median over languages) and the summary. */
export function renderAnswerSizePeers(result) {
  const head = '## Answer size against the peers (real stdio MCP servers, same language servers)';
  if (result.skipped) return `${head}\n\nSKIPPED: ${result.skipped}`;
  const { rows, summary } = result;
  const versions = Object.entries(result.versions).map(([n, v]) => `${n}@${v}`);
  return [
    head,
    `Bytes an agent receives from one call per task on test/fixtures/<language>/ops (UTF-8). A client passes the model either the text content or, when the tool sends it, the JSON of \`structuredContent\` (Claude Code and VS Code: the JSON alone), so Locus's answer counts as the larger of the two; its text, its JSON and both together beside it. Peers send text only. Locus in its default compact form; peers ${versions.join(', ')} from npm. TypeScript runs on typescript-language-server for every tool (neither peer answers TypeScript 7's server requests: every call times out), Python on pyright, Go on gopls. ✗ = wrong, empty or error answer (never counted as the smallest).`,
    table(
      [
        'language',
        'task (Locus tool)',
        'Locus',
        'Locus text / JSON / both',
        'cclsp',
        'lsmcp',
        'Locus ÷ smallest',
        'text',
        'JSON',
        'both',
      ],
      rows.map((r) => {
        const l = r.tools.locus;
        return [
          r.language,
          `${r.family} (${l?.tool ?? '–'})`,
          cell(l),
          l?.ok ? `${int(l.textBytes)} / ${int(l.jsonBytes)} / ${int(l.sumBytes)}` : '–',
          cell(r.tools.cclsp),
          cell(r.tools.lsmcp),
          times(r.ratio),
          times(r.textRatio),
          times(r.jsonRatio),
          times(r.sumRatio),
        ];
      }),
    ),
    table(
      ['Locus tool', 'tasks Locus and a peer solved', 'median Locus ÷ smallest', 'text', 'JSON', 'both'],
      summary.families.map((f) => [
        `${f.tool} (${f.family})`,
        f.both,
        times(f.median),
        times(f.textMedian),
        times(f.jsonMedian),
        times(f.sumMedian),
      ]),
    ),
    `Median over the ${summary.both} tasks both solved: **${times(summary.median)}** (${summary.within}/${summary.both} within ${TARGET}×; text ${times(summary.textMedian)}, JSON ${times(summary.jsonMedian)}, both together ${times(summary.sumMedian)}); target ≤ ${TARGET}×.${result.missing.length ? ` Missing servers: ${result.missing.join(', ')}.` : ''}`,
  ].join('\n\n');
}
