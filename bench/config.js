/**
 * Benchmark modes and command-line flags.
 *   node bench/run.js            full run (small, medium, large; every identifier for the round trip)
 *   node bench/run.js --quick    small + medium, fewer runs and positions (under 2 minutes on 2 cores)
 *   node bench/run.js --smoke    tiny files, 1–2 iterations (the smoke test in `npm test`)
 * Other flags: --out DIR (default bench/results), --sections a,b (locate, relocate, symbols, accuracy,
 * stability, ops, memory, index, verify, renames, answers, peers, mcp, big, fuzz, warm; agreement, reanchor, safe-renames
 * only when named; --section is an alias), --keep (keep the temp workspace), --help.
 */
import { parseArgs as parseArgv } from 'node:util';

export const SECTIONS = [
  'locate',
  'relocate',
  'symbols',
  'accuracy',
  'stability',
  'ops',
  'memory',
  'big',
  'index',
  'verify',
  'renames',
  'answers',
  'peers',
  'mcp',
  'fuzz',
  'warm',
];
/**
 * Sections run only when named (`--sections reanchor` or `--section reanchor`): `agreement` fetches Debian and npm
 * sources into the user cache (bench/lib/corpora.js); `reanchor` fetches npm tarballs; `safe-renames` renames on the
 * agreement projects and Debian's base64 crate, each checked with the language's own tool (several minutes).
 */
export const OPTIONAL_SECTIONS = ['agreement', 'reanchor', 'safe-renames'];

const FULL = {
  sizes: ['small', 'medium', 'large'],
  symbolsPerFile: 200,
  coldRuns: 5,
  warmLocates: 3000,
  checkLines: 5000,
  relocateSizes: ['medium', 'large'],
  relocateRuns: 15,
  relocatePositions: 30,
  bigDescribes: 1000,
  lspSizes: ['small', 'medium', 'large'],
  lspColdRuns: 3,
  lspPaths: 60,
  lspWarmRequests: 60,
  roundTripSizes: ['medium'],
  roundTripMax: 0,
  roundTripOtherSizes: ['medium', 'large'],
  roundTripOthers: 2000,
  annotateLimit: 200,
  stabilitySizes: ['medium'],
  stabilityPositions: 200,
  opsIterations: 30,
  memoryPoolSize: 'small',
  memoryLocates: 10_000,
  memoryCheckpoints: [1000, 5000, 10_000],
  memoryNewFiles: 2000,
  /** Index section: `real` corpora (Go standard library, npm TypeScript sources) or the bench `workspace`. */
  indexCorpora: 'real',
  indexQueries: 300,
  reanchorFiles: 16,
  reanchorPositions: 60,
  editIterations: 15,
  /** Fuzz section: inputs per kind, and the longest edit text. */
  fuzzInputs: 120,
  fuzzEditChars: 300_000,
  /** Rename-preview section: also the real projects (zod, Jinja2, encoding/json), not only the fixtures. */
  renameRealProjects: true,
  renameIterations: 10,
  /** Peers section: installs cclsp and lsmcp from npm into a user cache folder and runs them (full mode only). */
  answerPeers: true,
};

const QUICK = {
  ...FULL,
  sizes: ['small', 'medium'],
  symbolsPerFile: 80,
  coldRuns: 3,
  warmLocates: 1000,
  checkLines: 1500,
  relocateSizes: ['medium'],
  relocateRuns: 5,
  bigDescribes: 300,
  lspSizes: ['small', 'medium'],
  lspColdRuns: 1,
  lspPaths: 20,
  lspWarmRequests: 20,
  roundTripMax: 300,
  roundTripOtherSizes: ['medium'],
  roundTripOthers: 150,
  annotateLimit: 20,
  stabilityPositions: 24,
  opsIterations: 7,
  memoryPoolSize: 'tiny',
  memoryNewFiles: 0,
  reanchorFiles: 8,
  reanchorPositions: 30,
  editIterations: 5,
  fuzzInputs: 40,
  fuzzEditChars: 100_000,
  renameRealProjects: false,
  renameIterations: 3,
  answerPeers: false,
};

const SMOKE = {
  ...QUICK,
  sizes: ['tiny'],
  symbolsPerFile: 8,
  coldRuns: 1,
  warmLocates: 40,
  checkLines: 50,
  relocateSizes: ['tiny'],
  relocateRuns: 2,
  relocatePositions: 3,
  bigDescribes: 10,
  lspSizes: ['tiny'],
  lspPaths: 4,
  lspWarmRequests: 4,
  roundTripSizes: ['tiny'],
  roundTripMax: 0,
  roundTripOtherSizes: ['tiny'],
  roundTripOthers: 60,
  annotateLimit: 5,
  stabilitySizes: ['tiny'],
  stabilityPositions: 8,
  opsIterations: 1,
  memoryLocates: 300,
  memoryCheckpoints: [30, 150, 300],
  indexCorpora: 'workspace',
  indexQueries: 20,
  mcpRealProjects: false,
  reanchorFiles: 2,
  reanchorPositions: 6,
  editIterations: 1,
  fuzzInputs: 3,
  fuzzEditChars: 2_000,
};

/**
 * Parses argv into { mode, config, out, sections, keep, help }; throws a usage message (never a stack trace) for
 * an unknown flag, a missing value or an unknown section.
 * @param {string[]} argv
 */
export function parseArgs(argv) {
  let parsed;
  try {
    parsed = parseArgv({
      args: argv,
      options: {
        quick: { type: 'boolean' },
        smoke: { type: 'boolean' },
        keep: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        out: { type: 'string' },
        sections: { type: 'string' },
        section: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new Error(`${error.message} (try --help)`);
  }
  if (parsed.quick && parsed.smoke) throw new Error('--quick and --smoke exclude each other (try --help)');
  const mode = parsed.smoke ? 'smoke' : parsed.quick ? 'quick' : 'full';
  const list = parsed.sections ?? parsed.section;
  const sections = list === undefined ? SECTIONS : list.split(',').filter(Boolean);
  if (list !== undefined && sections.length === 0)
    throw new Error('--sections needs at least one name (try --help)');
  const known = [...SECTIONS, ...OPTIONAL_SECTIONS];
  const unknown = sections.filter((s) => !known.includes(s));
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const config = { full: FULL, quick: QUICK, smoke: SMOKE }[mode];
  return { mode, config, out: parsed.out, sections, keep: parsed.keep === true, help: parsed.help === true };
}

/** The --help text. */
export const HELP = `Usage: npm run bench -- [--quick | --smoke] [--out DIR] [--sections ${SECTIONS.join(',')}] [--keep]

Measures Locus against the targets of docs/performance.md: locate speed (cold CLI, warm, check throughput, re-locate after edit),
symbol resolution vs language servers, accuracy (round trip, agreement with documentSymbol), stability under
edits, LSP operation overhead and memory. Markdown goes to stdout; JSON and an SVG chart to the --out dir
(default bench/results/latest.json and latency.svg).`;
