/**
 * Warm CLI section (`--sections warm`, docs/operations.md, "The daemon"): the same CLI calls, side by side in one
 * run, cold (`--no-daemon`: every call starts from nothing) and warm (the second and later calls, answered by the
 * background Locus of the workspace) — `node -e 0` as the floor a client cannot go under, a `check` of locate
 * strings on the Go standard library, and a `definition` through gopls on a small Go module. Beside them, the
 * workspace index of the Go standard library built from nothing and loaded from its cache (CPU of all threads,
 * in a child process). Wall time for every row, and the client's CPU (the daemon's own is not in it). The daemons
 * live in a folder of this run and are stopped at its end.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLI, stopDaemon } from '../lib/locus.js';
import { int, ms, ratio, table } from '../lib/markdown.js';
import { REPO } from '../lib/sources.js';
import { median } from '../lib/stats.js';
import { goCorpus } from './index-corpora.js';
import { runNode } from './locate-speed.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'index-memory-child.js');
const log = (message) => process.stderr.write(`[bench] warm: ${message}\n`);

/** Locate strings of the `check` row: symbol paths and finds in a few standard-library files. */
const CHECK_LINES = [
  'bufio/bufio.go:Reader.ReadString@<|>collectFragments',
  'bufio/scan.go:Scanner.Scan',
  'strings/builder.go:Builder.WriteString@return <|>len',
  'net/http/server.go:Server.ListenAndServe',
  'encoding/json/decode.go:Unmarshal@<|>checkValid',
  'sort/sort.go:Sort@<|>n := data.Len()',
];

const GO_MOD = 'module example.com/shapes\n\ngo 1.19\n';
const SHAPES = 'package shapes\n\n// Area of a rectangle.\nfunc Area(w, h int) int {\n\treturn w * h\n}\n';
const MAIN = 'package shapes\n\nfunc Total() int {\n\treturn Area(2, 3) + Area(4, 5)\n}\n';

/** Runs the section. */
export async function runWarmCli(ctx) {
  const smoke = ctx.config.indexCorpora === 'workspace';
  const std = smoke ? undefined : goCorpus(ctx.base);
  const module = path.join(ctx.base, 'warm-go-module');
  mkdirSync(module, { recursive: true });
  writeFileSync(path.join(module, 'go.mod'), GO_MOD);
  writeFileSync(path.join(module, 'shapes.go'), SHAPES);
  writeFileSync(path.join(module, 'total.go'), MAIN);
  const cacheDir = mkdtempSync(path.join(ctx.base, 'warm-cache-'));
  const daemonDir = mkdtempSync(path.join(ctx.base, 'warm-daemons-'));
  const env = (daemon) => ({
    ...process.env,
    LOCUS_CACHE_DIR: cacheDir,
    LOCUS_DAEMON_DIR: daemonDir,
    LOCUS_NO_DAEMON: daemon ? '' : '1',
  });
  const runs = Math.max(3, ctx.config.coldRuns);
  const checkRoot = std?.root ?? ctx.root;
  const checkInput = std ? `${CHECK_LINES.join('\n')}\n` : undefined;
  const calls = [
    { id: 'node -e 0 (the floor)', argv: () => ['-e', '0'] },
    ...(checkInput
      ? [
          {
            id: `check (${CHECK_LINES.length} locate strings, Go std)`,
            root: checkRoot,
            args: ['check'],
            input: checkInput,
          },
        ]
      : []),
    { id: 'symbols Reader (Go std)', root: checkRoot, args: ['symbols', 'Reader'] },
    {
      id: 'definition (gopls, small module)',
      root: module,
      args: ['definition', 'total.go:Total@<|>Area(2'],
    },
    { id: 'references (gopls, small module)', root: module, args: ['references', 'shapes.go:Area'] },
  ];
  const rows = [];
  try {
    for (const call of calls) {
      log(call.id);
      rows.push(measure(call, runs, env));
    }
  } finally {
    for (const root of [checkRoot, module]) stopDaemon(root, env(true));
    rmSync(daemonDir, { recursive: true, force: true });
  }
  const raw = await rawReferences(ctx, module, runs);
  const index = std ? indexRows(std.root, cacheDir) : undefined;
  return { runs, rows, raw, index };
}

/**
 * The raw `textDocument/references` request of the `references` row (at `Area` in shapes.go) to a warm gopls of this
 * process: what the warm CLI call is held against (its client's start + 2x this).
 */
async function rawReferences(ctx, root, runs) {
  const manager = new ctx.lib.lsp.LspManager({ workspaceRoot: root });
  try {
    const file = path.join(root, 'shapes.go');
    const text = readFileSync(file, 'utf8');
    const session = manager.sessionFor(file);
    await session.waitUntilReady(120_000, { absPath: file, text });
    const at = text.indexOf('Area(');
    const line = text.slice(0, at).split('\n').length - 1;
    const params = {
      textDocument: { uri: pathToFileURL(file).href },
      position: { line, character: at - text.lastIndexOf('\n', at) - 1 },
      context: { includeDeclaration: true },
    };
    const times = [];
    for (let i = 0; i <= runs * 3; i++) {
      const r = await session.rawRequest('textDocument/references', params);
      if (i > 0) times.push(r.ms);
    }
    return { p50: median(times) };
  } catch (error) {
    return { error: String(error).slice(0, 300) };
  } finally {
    await manager.closeAll();
  }
}

/** Cold and warm runs of one call, interleaved so a burst of load from elsewhere falls on both. */
function measure(call, runs, env) {
  const argv = () => call.argv?.() ?? [CLI, ...call.args, '--root', call.root, '--json'];
  const cold = { wall: [], cpu: [] };
  const warm = { wall: [], cpu: [] };
  let failure;
  if (!call.argv) runNode(argv(), call.input, env(true)); // starts the daemon: the first call is not warm
  for (let i = 0; i < runs; i++) {
    for (const daemon of [false, true]) {
      const into = daemon ? warm : cold;
      const run = runNode(argv(), call.input, env(daemon));
      if (run.status !== 0)
        failure ??= `${daemon ? 'warm' : 'cold'}: exit ${run.status} ${run.stderr.slice(-300)}`;
      into.wall.push(run.wall);
      if (run.cpu !== undefined) into.cpu.push(run.cpu);
      if (call.argv) break; // the floor has no daemon
    }
  }
  const m = (values) => (values.length > 0 ? median(values) : undefined);
  return {
    id: call.id,
    cold: { wall: m(cold.wall), cpu: m(cold.cpu) },
    warm: call.argv ? undefined : { wall: m(warm.wall), cpu: m(warm.cpu) },
    failure,
  };
}

/** The Go standard library's index built from nothing, then loaded from the cache it wrote (fresh processes). */
function indexRows(root, cacheDir) {
  const child = (mode) => {
    const args = ['--expose-gc', CHILD, REPO, root, ...(mode ? [mode] : [])];
    const run = spawnSync(process.execPath, args, {
      encoding: 'utf8',
      env: { ...process.env, LOCUS_CACHE_DIR: cacheDir },
    });
    return run.status === 0 ? JSON.parse(run.stdout) : { error: run.stderr.slice(-500) };
  };
  log('index of the Go standard library: build, then load');
  child(); // writes the cache (a build with the cache on)
  const build = child('cold');
  const load = child();
  // The rate counts the lines of the files the index holds (the child reports them), not every `.go` file of the tree.
  return { build, load, lines: build.error ? undefined : build.lines };
}

/** Targets: a warm call at most 1.3x the floor (docs/performance.md, "Warm CLI"); cache load ≤ 0.3 s CPU. */
export function warmCliTargets(result) {
  const floor = result.rows[0]?.cold.wall;
  const targets = [];
  for (const row of result.rows.slice(1)) {
    if (row.warm?.wall && floor && row.id.startsWith('references') && result.raw?.p50 !== undefined) {
      const budget = floor + 2 * result.raw.p50;
      targets.push({
        what: `warm CLI ${row.id}`,
        target: '≤ node -e 0 + 2× the raw request',
        measured: `${ms(row.warm.wall)} vs ${ms(budget)} (${ms(floor)} + 2× ${ms(result.raw.p50)})`,
        met: row.warm.wall <= budget,
        factor: row.warm.wall / budget,
      });
    }
    if (!row.warm?.wall || !floor || !/^(check|symbols)/.test(row.id)) continue;
    const factor = row.warm.wall / floor / 1.3;
    targets.push({
      what: `warm CLI ${row.id}`,
      target: '≤ 1.3× node -e 0',
      measured: `${ratio(row.warm.wall / floor)} (${ms(row.warm.wall)})`,
      met: factor <= 1,
      factor,
    });
  }
  const load = result.index?.load;
  if (load?.cpuMs !== undefined)
    targets.push({
      what: 'index cache load, Go std (CPU)',
      target: '≤ 300 ms CPU',
      measured: ms(load.cpuMs),
      met: load.cpuMs <= 300,
      factor: load.cpuMs / 300,
    });
  const build = result.index?.build;
  if (build?.cpuMs !== undefined && result.index.lines) {
    const rate = (result.index.lines / build.cpuMs) * 1000;
    targets.push({
      what: 'index build, Go std (lines per CPU-second)',
      target: '≥ 100,000',
      measured: int(rate),
      met: rate >= 100_000,
      factor: 100_000 / rate,
    });
  }
  return targets;
}

export function renderWarmCli(result) {
  const cell = (side, key) => (side?.[key] === undefined ? '—' : ms(side[key]));
  const floor = result.rows[0]?.cold.wall;
  const rows = result.rows.map((r) => [
    r.id,
    cell(r.cold, 'wall'),
    cell(r.cold, 'cpu'),
    cell(r.warm, 'wall'),
    cell(r.warm, 'cpu'),
    r.warm?.wall && r.cold.wall ? ratio(r.cold.wall / r.warm.wall) : '—',
    r.warm?.wall && floor ? ratio(r.warm.wall / floor) : '—',
    r.failure ?? '',
  ]);
  const parts = [
    `## Warm CLI (daemon) against cold CLI (--no-daemon), medians of ${result.runs} interleaved runs`,
    table(
      [
        'call',
        'cold wall',
        'cold CPU',
        'warm wall',
        'warm client CPU',
        'cold ÷ warm',
        'warm ÷ floor',
        'failure',
      ],
      rows,
    ),
  ];
  if (result.raw)
    parts.push(
      result.raw.error
        ? `Raw \`textDocument/references\` to a warm gopls: error ${result.raw.error}`
        : `Raw \`textDocument/references\` at the same place, to a warm gopls of the bench process: p50 ${ms(result.raw.p50)} (the \`references\` row's budget: \`node -e 0\` + 2× this).`,
    );
  const index = result.index;
  if (index) {
    const rate = (side) => (side.cpuMs && index.lines ? int((index.lines / side.cpuMs) * 1000) : '—');
    parts.push(
      table(
        ['Go std index', 'files', 'symbols', 'wall', 'CPU (all threads)', 'lines per CPU-second', 'RSS'],
        [
          [
            'build from nothing',
            int(index.build.files),
            int(index.build.symbols),
            ms(index.build.wallMs),
            ms(index.build.cpuMs),
            rate(index.build),
            `${Math.round((index.build.rss ?? 0) / 1048576)} MiB`,
          ],
          [
            'load from the cache',
            int(index.load.files),
            int(index.load.symbols),
            ms(index.load.wallMs),
            ms(index.load.cpuMs),
            '—',
            `${Math.round((index.load.rss ?? 0) / 1048576)} MiB`,
          ],
        ],
      ),
    );
  }
  return parts.join('\n\n');
}
