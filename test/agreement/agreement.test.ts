/**
 * Agreement on real projects (issue 24, docs/languages.md "Agreement with the servers on real projects"): Locus's
 * outline against references recorded from clangd, gopls, pyright, TypeScript and bash (bench/references/), and
 * `search` against `grep`, on fmt, tinyxml2, jq, Lua, zlib, bash-completion, cobra, Jinja2 and immer. The harness
 * is the bench's (`bench/sections/agreement.js --quick`: each project's `quick` files); sources come from the
 * registries (apt-get source, npm pack) into the user cache on first use and are reused after. A project whose
 * sources cannot be fetched is a loud skip (offline machines); with `LOCUS_AGREEMENT_REQUIRED=1` it fails.
 * Targets: ≥ 99 % of the reference's functions, methods, constructors, classes, structs and interfaces at the same
 * path and name position, no wrong name, path or answer, and `search` equal to `grep` on every find.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../mcp/support.js';
import { missingServerFails, serverStatus } from '../helpers/require-server.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const HARNESS = path.join(REPO, 'bench/sections/agreement.js');

interface ProjectResult {
  id: string;
  name: string;
  skipped?: string;
  reference: number;
  agree: number;
  wrongName: string[];
  wrongPath: string[];
  wrongAnswers: string[];
  search: { find: string; locus: number | string; grep: number }[];
}

interface SampleResult {
  id: string;
  skipped?: string;
  sample?: string;
  tool?: string;
  stored?: string;
  live?: string;
}

/** The harness's projects (bench/lib/corpora.js, plain JavaScript: imported by path, untyped). */
const { PROJECTS } = (await import(path.join(REPO, 'bench/lib/corpora.js'))) as {
  PROJECTS: { id: string }[];
};
/** The projects issue 24 asks the harness to hold. */
const ISSUE_PROJECTS = [
  'fmt',
  'tinyxml2',
  'jq',
  'lua',
  'zlib',
  'bash-completion',
  'cobra',
  'jinja2',
  'immer',
];

let dir: string;

function runHarness(args: string[]): { projects: unknown[] } {
  const out = path.join(dir, `result-${args.join('-').replace(/[^\w-]/g, '')}.json`);
  const run = spawnSync(process.execPath, [HARNESS, ...args, '--json', out], { cwd: REPO, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the harness failed (${run.status}): ${run.stderr}`);
  return JSON.parse(readFileSync(out, 'utf8')) as { projects: unknown[] };
}

/** A project the machine could not fetch: a loud skip, or a failure when the run requires every project. */
function skipLoudly(project: { name: string; skipped?: string }, skip: (note: string) => void): void {
  const message = `the sources of ${project.name} are unavailable: ${project.skipped}`;
  if (process.env.LOCUS_AGREEMENT_REQUIRED === '1') throw new Error(message);
  console.warn(`\n⚠️  SKIPPING agreement on ${project.name}: ${message}\n`);
  skip(message);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'locus-agreement-'));
  await ensureBuilt();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('outline and search agree with the reference on real projects', () => {
  let projects: ProjectResult[] = [];
  beforeAll(() => {
    projects = runHarness(['--quick']).projects as ProjectResult[];
  });

  it('runs every project of the harness, the nine of issue 24 among them, each with a recorded reference', () => {
    expect(projects.map((p) => p.id)).toEqual(PROJECTS.map((p) => p.id));
    expect(PROJECTS.map((p) => p.id)).toEqual(expect.arrayContaining(ISSUE_PROJECTS));
    for (const p of projects) expect(p.skipped ?? '').not.toMatch(/no reference recorded/);
  });

  for (const { id } of PROJECTS) {
    it(`${id}: ≥ 99 % agreement, no wrong name, path or answer, search = grep`, (context) => {
      const project = projects.find((p) => p.id === id);
      expect(project, `${id} is not in the harness`).toBeDefined();
      if (!project) return;
      if (project.skipped) return skipLoudly(project, (note) => context.skip(note));
      expect(project.agree / project.reference).toBeGreaterThanOrEqual(0.99);
      expect(project.wrongName).toEqual([]);
      expect(project.wrongPath).toEqual([]);
      expect(project.wrongAnswers).toEqual([]);
      expect(project.search).toHaveLength(10);
      expect(project.search.filter((s) => s.locus !== s.grep)).toEqual([]);
    });
  }
});

/** One project per reference tool: its sample file re-recorded from the live tool must match the stored answer. */
const SAMPLES: Record<string, string | undefined> = {
  fmt: 'clangd',
  cobra: 'gopls',
  jinja2: 'pyright',
  immer: 'typescript',
  'bash-completion': undefined,
};

describe('the stored references are what the tools say today', () => {
  let samples: SampleResult[] = [];
  const missing = Object.values(SAMPLES).filter(
    (adapter): adapter is string => adapter !== undefined && !serverStatus(adapter).available,
  );
  beforeAll(() => {
    if (missing.length > 0 && missingServerFails())
      throw new Error(`CI=true and the servers ${missing.join(', ')} are not installed`);
    const ids = Object.entries(SAMPLES)
      .filter(([, adapter]) => adapter === undefined || !missing.includes(adapter))
      .map(([id]) => id);
    for (const adapter of missing)
      console.warn(`\n⚠️  SKIPPING the ${adapter} reference check: the server is not installed\n`);
    samples = runHarness(['--sample', '--projects', ids.join(',')]).projects as SampleResult[];
  });

  it('re-recording each sample file gives the stored reference (else: `--record --projects <id>`)', (context) => {
    const fetched = samples.filter((s) => !s.skipped);
    for (const s of samples.filter((x) => x.skipped))
      skipLoudly({ name: s.id, skipped: s.skipped }, () => {});
    if (fetched.length === 0) return context.skip('no project sources could be fetched');
    for (const s of fetched)
      expect({ id: s.id, sample: s.sample, live: s.live }).toEqual({
        id: s.id,
        sample: s.sample,
        live: s.stored,
      });
  });
});
