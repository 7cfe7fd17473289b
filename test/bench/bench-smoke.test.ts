/**
 * Smoke test of the benchmark harness: `node bench/run.js --smoke` on tiny inputs (1–2 iterations) must produce
 * every section it runs (all but LEFT_TO_QUICK) and every table, and the describe → locate round trip must be 100%. No timing assertions (speed lives
 * in the numbers the bench prints). A missing language server is a loud skip locally and a failure under CI=true.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';
import { missingServerFails } from '../helpers/require-server.js';

const REPO = path.resolve(import.meta.dirname, '../..');
/**
 * Sections the smoke run leaves to `npm run bench -- --quick`: each takes 10–15 s of CPU even on tiny inputs (real
 * servers, several processes), and what they time is an operation the suite tests on its own (verified edits,
 * rename previews, MCP answers, the daemon). Every other section of bench/config.js runs and must not fail.
 */
const LEFT_TO_QUICK = ['verify', 'renames', 'answers', 'warm'];
let sectionsRun: string[] = [];
const HEADINGS = [
  '## Targets (docs/performance.md)',
  '## Corpus',
  '### 1a.',
  '### 1b.',
  '### 1c.',
  '### 1d.',
  '### 2a.',
  '### 2b.',
  '### 3a.',
  '### 3b.',
  '### 4.',
  '### 5.',
  '### 6.',
];

interface ServerStatus {
  server: string;
  available: boolean;
  reason?: string;
  install?: string;
}

interface RoundTrip {
  language: string;
  tested: number;
  passed: number;
  othersTested: number;
  failures: { kind: string }[];
}

interface OpRow {
  op: string;
  error?: string;
}

let out: string;
let stdout: string;
let json: {
  servers: ServerStatus[];
  skippedCorpus: { id: string; reason: string }[];
  targets: unknown[];
  sections: Record<string, { error?: string; result: Record<string, unknown> & unknown[] }>;
};

const CORPUS_LANGUAGES = ['go', 'javascript', 'python', 'typescript'];

/**
 * The corpus languages this machine has sources for. Go and Python come from the local toolchains; a missing one
 * is a loud skip locally and a failure under CI=true, like a missing language server.
 */
function corpusLanguages(): string[] {
  const missing = new Set<string>();
  for (const entry of json.skippedCorpus) {
    const language = CORPUS_LANGUAGES.find((l) => entry.id.startsWith(`${l}-`));
    if (language === undefined) continue;
    missing.add(language);
    const message = `the ${language} corpus entry ${entry.id} is skipped: ${entry.reason}`;
    if (missingServerFails()) throw new Error(`CI=true and ${message}`);
  }
  for (const language of missing)
    console.warn(`\n⚠️  SKIPPING the ${language} bench corpus (its toolchain is not installed)\n`);
  return CORPUS_LANGUAGES.filter((l) => !missing.has(l));
}

function section<T>(name: string): T {
  return json.sections[name]?.result as T;
}

describe('npm run bench -- --smoke', () => {
  beforeAll(async () => {
    await ensureBuilt(); // under the suite's build lock: other test files run from dist/ meanwhile
    out = mkdtempSync(path.join(tmpdir(), 'locus-bench-smoke-'));
    const config = (await import(path.join(REPO, 'bench/config.js'))) as { SECTIONS: string[] };
    sectionsRun = config.SECTIONS.filter((name) => !LEFT_TO_QUICK.includes(name));
    const args = ['bench/run.js', '--smoke', '--out', out, '--sections', sectionsRun.join(',')];
    const run = spawnSync(process.execPath, args, {
      cwd: REPO,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0) throw new Error(`bench --smoke exited ${run.status}:\n${run.stderr.slice(-4000)}`);
    stdout = run.stdout;
    json = JSON.parse(readFileSync(path.join(out, 'latest.json'), 'utf8'));
  });

  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('runs every section without an error and prints every table', () => {
    expect(sectionsRun).toContain('memory');
    for (const name of sectionsRun) {
      expect(json.sections[name], name).toBeDefined();
      expect(json.sections[name]?.error, `${name}: ${json.sections[name]?.error}`).toBeUndefined();
    }
    for (const heading of HEADINGS) expect(stdout).toContain(heading);
    expect(json.targets.length).toBeGreaterThan(0);
    expect(readFileSync(path.join(out, 'latency.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('measures locating for every corpus language', () => {
    const locate = section<{
      warm: { language: string; failures: number }[];
      cold: { failure?: string }[];
      check: { lines: number; ok: number };
    }>('locate');
    expect(locate.warm.map((r) => r.language).sort()).toEqual(corpusLanguages());
    for (const row of locate.warm) expect(row.failures).toBe(0);
    for (const row of locate.cold) expect(row.failure).toBeUndefined();
    expect(locate.check.ok).toBe(locate.check.lines);
    for (const row of section<{ failures: number }[]>('relocate')) expect(row.failures).toBe(0);
  });

  it('round-trips every identifier position (describe → locate) at 100%', () => {
    const trips = section<{ roundTrips: RoundTrip[] }>('accuracy').roundTrips;
    expect(trips.map((t) => t.language).sort()).toEqual(corpusLanguages());
    for (const trip of trips) {
      expect(trip.tested, trip.language).toBeGreaterThan(0);
      const failures = trip.failures.filter((f) => f.kind === 'identifier');
      expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
      expect(trip.passed).toBe(trip.tested);
      // Other non-whitespace positions are sampled and reported, not asserted (see the bench report).
      expect(trip.othersTested).toBeGreaterThan(0);
    }
  });

  it('keeps stability and memory results', () => {
    for (const row of section<{ edits: { tested: number }[] }[]>('stability')) {
      expect(row.edits).toHaveLength(3);
      for (const edit of row.edits) expect(edit.tested).toBeGreaterThan(0);
    }
    const memory = section<{ points: { label: string }[]; failures: number }>('memory');
    expect(memory.points.some((p) => p.label.includes('grammars'))).toBe(true);
    expect(memory.points.filter((p) => p.label.startsWith('changing'))).toHaveLength(3);
    expect(memory.failures).toBe(0);
  });

  it('measures every installed language server (a missing one: loud skip, or failure under CI)', () => {
    const missing = json.servers.filter((s) => !s.available);
    for (const server of missing) {
      const message = `${server.server} is not installed (${server.reason}). Install: ${server.install}`;
      if (missingServerFails()) throw new Error(`CI=true and ${message}`);
      console.warn(`\n⚠️  SKIPPING bench LSP parts for ${message}\n`);
    }
    const available = new Set(json.servers.filter((s) => s.available).map((s) => s.server));
    const symbols = section<{
      rows: {
        server: string;
        agree: number;
        paths: number;
        daemonLocus: { n: number };
        daemonFailures: number;
      }[];
    }>('symbols');
    for (const row of symbols.rows) {
      expect(row.agree, row.server).toBe(row.paths);
      // The first locate of a never-parsed file through a running daemon answered every time it was asked.
      expect(row.daemonFailures, row.server).toBe(0);
      expect(row.daemonLocus.n, row.server).toBeGreaterThan(0);
    }
    for (const server of ['pyright', 'typescript', 'gopls'].filter((s) => available.has(s)))
      expect(
        symbols.rows.some((r) => r.server === server),
        server,
      ).toBe(true);
    const ops = section<{ cases: { server: string; ops: OpRow[] }[] }>('ops');
    for (const server of available)
      expect(
        ops.cases.some((c) => c.server === server),
        server,
      ).toBe(true);
    for (const c of ops.cases)
      for (const op of c.ops)
        if (op.error) expect(op.error, `${c.server} ${op.op}`).toMatch(/^CAPABILITY_MISSING/);
  });
});
