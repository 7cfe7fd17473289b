/**
 * Agreement on real projects (docs/languages.md, "Agreement with the servers on real projects"): Locus's outline
 * against a recorded reference (clangd, gopls, pyright or TypeScript `documentSymbol`; bash's own parser), and
 * `search` against `grep`, on the releases of bench/lib/corpora.js. Counted: functions, methods, constructors,
 * classes, structs and interfaces; a reference symbol *agrees* when Locus has it at the same name position under
 * the same path. *Wrong names* (a symbol Locus names differently at the reference's name position or line),
 * *wrong paths* and *wrong answers* (a locate by the agreed path that lands elsewhere) must be 0.
 *
 * Run alone (after `npm run build`): `node bench/sections/agreement.js [--projects fmt,jq] [--quick] [--record] [--json file]`;
 * `--quick` compares each project's `quick` files only (what the suite runs, test/agreement/).
 * `--record` re-records the references from the live tools into bench/references/; `--sample` re-records only each
 * project's sample file and reports whether the stored reference still says the same (the suite's freshness check).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { compareOutline, lastSegment, normalPath, pathSegments } from '../lib/agreement.js';
import { ensureSources, narrowIndex, PROJECTS, projectFiles } from '../lib/corpora.js';
import { grepCount } from '../lib/grep-reference.js';
import { flattenOutline, loadLibrary } from '../lib/locus.js';
import { loadReference, recordReference, saveReference } from '../lib/references.js';

/** Locates checked per file for wrong answers (the rest of a big file adds time, not coverage). */
const LOCATES_PER_FILE = 200;
const QUICK_LOCATES_PER_FILE = 25;

/**
 * Runs the harness on `ids` (default: every project).
 * @param {any} lib
 * @param {{ ids?: string[], record?: boolean, sample?: boolean, quick?: boolean }} [options]
 */
export async function runAgreement(lib, options = {}) {
  const chosen = options.ids?.length ? PROJECTS.filter((p) => options.ids.includes(p.id)) : PROJECTS;
  const projects = [];
  for (const project of chosen) projects.push(await runProject(lib, project, options));
  return { projects };
}

async function runProject(lib, project, options) {
  const sources = ensureSources(project);
  if (sources.skipped) return { id: project.id, name: project.name, skipped: sources.skipped };
  const files = projectFiles(project, sources.root, options.quick);
  narrowIndex(project, sources.root, files);
  if (options.sample) return sampleCheck(lib, project, sources);
  let reference = loadReference(project);
  if (options.record || !reference) {
    if (!options.record)
      return {
        id: project.id,
        name: project.name,
        skipped: `no reference recorded: run \`node bench/sections/agreement.js --record --projects ${project.id}\``,
      };
    const all = options.quick ? projectFiles(project, sources.root) : files;
    const recorded = await recordReference(lib, project, sources.root, all);
    reference = { project: project.name, tarball: project.tarball, sha256: sources.sha256, ...recorded };
    saveReference(project, reference);
  }
  if (reference.sha256 !== sources.sha256)
    return {
      id: project.id,
      name: project.name,
      skipped: `the cached ${project.tarball} is not the one the reference was recorded on (sha256 ${sources.sha256.slice(0, 12)}…, recorded ${reference.sha256.slice(0, 12)}…): delete ${sources.root} or re-record`,
    };
  let start = performance.now();
  const locates = options.quick ? QUICK_LOCATES_PER_FILE : LOCATES_PER_FILE;
  const outline = await compareProject(lib, project, sources.root, files, reference, locates);
  const ms = { outline: Math.round(performance.now() - start) };
  start = performance.now();
  const glob = options.quick ? (files.length === 1 ? files[0] : `{${files.join(',')}}`) : project.glob;
  const search = await searchAgainstGrep(lib, project, sources.root, files, glob);
  ms.search = Math.round(performance.now() - start);
  return {
    id: project.id,
    name: project.name,
    tool: reference.tool,
    files: files.length,
    ...outline,
    search,
    ms,
  };
}

/** Re-records the sample file with the live tool and compares it with the stored reference. */
async function sampleCheck(lib, project, sources) {
  const stored = loadReference(project);
  const live = await recordReference(lib, project, sources.root, [project.sample]);
  const want = JSON.stringify(stored?.files[project.sample] ?? null);
  const got = JSON.stringify(live.files[project.sample]);
  return {
    id: project.id,
    name: project.name,
    sample: project.sample,
    tool: live.tool,
    same: want === got,
    stored: want,
    live: got,
  };
}

/** Outline agreement over every file of a project. */
async function compareProject(lib, project, root, files, reference, locatesPerFile) {
  const locator = lib.createLocator({ root });
  const out = {
    reference: 0,
    agree: 0,
    wrongName: [],
    wrongPath: [],
    moved: [],
    missing: [],
    onlyLocus: [],
    design: [],
    wrongAnswers: [],
  };
  try {
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      const outline = await locator.outline(file);
      // Paths as segments joined by `.`: the outline quotes a segment the path syntax cannot spell bare (`"operator[]"`).
      const ours = (outline.ok ? flattenOutline(outline.symbols) : []).map((s) => ({
        ...s,
        path: lib.parseSymbolPath(s.path).segments.join('.'),
      }));
      const lines = text.split('\n');
      const theirs = [];
      for (const [kind, symbolPath, line, character] of reference.files[file] ?? []) {
        const symbol = { kind, path: symbolPath, position: { line, character } };
        const design = designDifference(project.reference, symbol, lines);
        if (design) out.design.push(`${file}:${symbolPath} (${design})`);
        else theirs.push(symbol);
      }
      const cmp = compareOutline(ours, theirs);
      cmp.missing = cmp.missing.filter((m) => {
        const local = insideCallable(m.ref, theirs, ours);
        if (local) out.design.push(`${file}:${m.ref.path} (local to ${local})`);
        return !local;
      });
      out.reference += cmp.agree.length + cmp.wrongName.length + cmp.wrongPath.length;
      out.reference += cmp.moved.length + cmp.missing.length;
      out.agree += cmp.agree.length;
      const where = (m) => `${file}:${m.ref.path} ${m.ref.position.line + 1}:${m.ref.position.character}`;
      out.wrongName.push(...cmp.wrongName.map((m) => `${where(m)} → Locus ${m.ours.kind} ${m.ours.path}`));
      out.wrongPath.push(...cmp.wrongPath.map((m) => `${where(m)} → Locus ${m.ours.path}`));
      out.moved.push(
        ...cmp.moved.map(
          (m) => `${where(m)} → Locus at ${m.ours.position.line + 1}:${m.ours.position.character}`,
        ),
      );
      out.missing.push(...cmp.missing.map(where));
      out.onlyLocus.push(...cmp.onlyLocus.map((m) => `${file}:${m.ours.path} ${m.ours.position.line + 1}`));
      await checkLocates(locator, cmp.agree.slice(0, locatesPerFile), out.wrongAnswers);
    }
  } finally {
    await locator.close();
  }
  return out;
}

/**
 * Reference symbols Locus does not list by design (docs/languages.md, docs/locate-strings.md "Which declarations
 * are symbols"): unnamed structs and unions, forward declarations, and names clangd gives after macro expansion
 * (not written at their position); TypeScript's callbacks (`each() callback`), unnamed functions and computed names.
 */
function designDifference(reference, symbol, lines) {
  const name = lastSegment(symbol.path);
  if (reference === 'typescript') {
    const written = pathSegments(symbol.path).pop() ?? '';
    if (/ callback$/.test(written) || written.startsWith('<')) return 'a callback or an unnamed function';
    if (written.startsWith('[')) return 'a computed name';
    if (written.startsWith('(')) return 'a call signature';
    return undefined;
  }
  if (reference !== 'clangd') return undefined;
  if (name.startsWith('(anonymous') || name.startsWith('(unnamed')) return 'unnamed';
  if (/type-parameter-\d/.test(name)) return 'clangd names template parameters by position';
  const line = lines[symbol.position.line] ?? '';
  if (!normalPath(line.slice(symbol.position.character)).startsWith(name))
    return 'named after macro expansion';
  if (/^\s*(?:template\s*<.*>\s*)?(?:typedef\s+)?(?:struct|union|class)\b[^{;]*;/.test(line))
    return 'forward declaration';
  return undefined;
}

const HOLDS_LOCALS = new Set([
  'function',
  'method',
  'constructor',
  'field',
  'property',
  'variable',
  'constant',
]);

/**
 * The function (or initialised field or variable) a reference symbol is declared in, if any: a local function or
 * class is not a symbol (docs/locate-strings.md, "Which declarations are symbols").
 */
function insideCallable(ref, theirs, ours) {
  const segments = pathSegments(ref.path);
  for (let n = segments.length - 1; n > 0; n--) {
    const parent = segments.slice(0, n).join('.');
    const owner = [...theirs, ...ours].find((s) => s.path === parent);
    if (owner && HOLDS_LOCALS.has(owner.kind)) return `${owner.kind} ${parent}`;
    if (owner) return undefined; // a class or namespace Locus lists: its members are symbols
  }
  return undefined;
}

/** A wrong answer: the locate string the outline gives an agreed symbol lands somewhere else. */
async function checkLocates(locator, agreed, wrong) {
  for (const { ours: symbol } of agreed) {
    const locate = symbol.locate;
    const result = await locator.locate(locate);
    const at = result.ok ? result.position : undefined;
    if (!at || at.line !== symbol.position.line || at.character !== symbol.position.character)
      wrong.push(`${locate} → ${result.ok ? `${at.line + 1}:${at.character}` : result.error.code}`);
  }
}

/** `search "<glob>@<find>"` against `grep` over the same files, for each of the project's finds. */
async function searchAgainstGrep(lib, project, root, files, glob) {
  const locus = lib.createLocus({ root });
  const out = [];
  try {
    for (const find of project.finds) {
      const answer = await locus.search(`${glob}@${find}`, { pageSize: 500 });
      const grep = grepCount(root, files, find, project.language);
      out.push({ find, locus: answer.ok ? answer.total_hits : answer.error.code, grep });
    }
  } finally {
    await locus.close();
  }
  return out;
}

/** Markdown table of the results. */
export function renderAgreement({ projects }) {
  const pct = (p) =>
    `${p.agree}/${p.reference} (${((100 * p.agree) / Math.max(1, p.reference)).toFixed(1)}%)`;
  const searchCell = (p) => {
    const equal = p.search.filter((s) => s.locus === s.grep).length;
    return `${equal}/${p.search.length}`;
  };
  const rows = projects.map((p) =>
    p.skipped
      ? `| ${p.name} | skipped: ${p.skipped} |||||||`
      : `| ${p.name} | ${p.tool} | ${p.files} | ${pct(p)} | ${p.wrongName.length} | ${p.wrongPath.length} | ${p.wrongAnswers.length} | ${p.missing.length + p.moved.length} | ${p.onlyLocus.length} | ${searchCell(p)} |`,
  );
  const details = projects
    .filter((p) => !p.skipped)
    .map((p) => {
      const off = p.search
        .filter((s) => s.locus !== s.grep)
        .map((s) => `\`${s.find}\` ${s.locus} vs ${s.grep}`);
      return `- ${p.name}: wrong names ${JSON.stringify(p.wrongName.slice(0, 10))}; wrong paths ${JSON.stringify(p.wrongPath.slice(0, 10))}; wrong answers ${JSON.stringify(p.wrongAnswers.slice(0, 10))}; missing ${JSON.stringify(p.missing.slice(0, 10))}; moved ${JSON.stringify(p.moved.slice(0, 10))}; search ≠ grep ${JSON.stringify(off)}; not counted by design: ${p.design.length}`;
    });
  return [
    '### Agreement on real projects (functions, methods, constructors, classes, structs, interfaces)',
    '| project | reference | files | agree | wrong names | wrong paths | wrong answers | missing or moved | only Locus | search = grep |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    ...details,
  ].join('\n');
}

/** Targets: ≥ 99% per project, no wrong name, path or answer, `search` equal to `grep` on every find. */
export function agreementTargets({ projects }) {
  return projects
    .filter((p) => !p.skipped)
    .map((p) => ({
      what: `agreement ${p.name}`,
      target: '≥ 99%, 0 wrong, search = grep',
      measured: `${p.agree}/${p.reference}, ${p.wrongName.length + p.wrongPath.length + p.wrongAnswers.length} wrong, search ${p.search.filter((s) => s.locus === s.grep).length}/${p.search.length}`,
      met:
        p.agree >= 0.99 * p.reference &&
        p.wrongName.length + p.wrongPath.length + p.wrongAnswers.length === 0 &&
        p.search.every((s) => s.locus === s.grep),
    }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      projects: { type: 'string' },
      record: { type: 'boolean' },
      sample: { type: 'boolean' },
      quick: { type: 'boolean' },
      json: { type: 'string' },
    },
  });
  const lib = await loadLibrary();
  const ids = values.projects?.split(',').filter(Boolean);
  const result = await runAgreement(lib, {
    ids,
    record: values.record,
    sample: values.sample,
    quick: values.quick,
  });
  if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 1));
  else if (values.sample) console.log(JSON.stringify(result, null, 1));
  else console.log(renderAgreement(result));
}
