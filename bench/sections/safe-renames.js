/**
 * Section "renames" (issue 24, docs/verified-edits.md "Tried on real code"): renames on real projects, one Locus per
 * project on a temp copy (as an MCP session would). Each rename is previewed with `verify`, then applied (`force`)
 * and checked with the language's own tool against the same tool's errors before any rename, then reverted. A safe
 * rename (the tool as clean as before; for Bash, no word of the old name left either) must show 0 "new errors";
 * a risky one must be flagged by a blocking warning or a new error.
 *
 * Run alone (after `npm run build`): `node bench/sections/safe-renames.js [--projects jq,cobra] [--json file]`.
 * Slow (a few minutes per project: every rename builds the project twice), so only when named in bench/run.js.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { table } from '../lib/markdown.js';
import { loadLibrary } from '../lib/locus.js';
import { RENAME_CASES } from '../lib/rename-cases.js';
import { RENAME_PROJECTS } from '../lib/rename-projects.js';

/** Errors in `after` that `before` does not have (as a multiset), the new name read as the old one. */
function newToolErrors(before, after, oldName, newName) {
  const left = new Map();
  for (const key of before) left.set(key, (left.get(key) ?? 0) + 1);
  const word = new RegExp(`\\b${newName}\\b`, 'g');
  return after.filter((raw) => {
    const key = raw.replace(word, oldName);
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    return n === 0;
  });
}

/** Whole-word uses of `name` left in the Bash files (the tool cannot see a call left with the old name). */
function leftovers(root, name) {
  const files = [
    'bash_completion',
    ...readdirSync(path.join(root, 'completions')).map((f) => `completions/${f}`),
  ];
  const word = new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`, 'gm');
  return files
    .filter((f) => statSync(path.join(root, f)).isFile())
    .reduce((n, f) => n + (readFileSync(path.join(root, f), 'utf8').match(word)?.length ?? 0), 0);
}

/**
 * One rename: preview with verify, apply, the tool's new errors, revert.
 * @param {import('../lib/rename-cases.js').RenameCase} testCase
 */
async function runCase(locus, project, root, pristine, baseline, testCase) {
  const [at, newName, expect] = testCase;
  const flag = testCase[3];
  const oldName = at.split(/[:.]/).pop();
  const row = { at, newName, expect, flag };
  const preview = await locus.rename(at, newName, { verify: true });
  if (!preview.ok) return { ...row, error: `${preview.error.code}: ${preview.error.message.split('\n')[0]}` };
  const blocking = preview.warnings.filter((w) => w.blocks_apply);
  row.edits = preview.files.reduce((n, f) => n + f.edits, 0);
  row.files = preview.files.length;
  row.warnings = countKinds(blocking);
  row.advisories = preview.warnings.length - blocking.length;
  row.newErrors = preview.verification?.new_errors ?? [];
  row.unverifiable = preview.verification?.unverifiable?.length ?? 0;
  const applied = await locus.rename(at, newName, { apply: true, force: true });
  if (!applied.ok) return { ...row, error: `apply: ${applied.error.code}: ${applied.error.message}` };
  try {
    row.toolNew = newToolErrors(baseline, project.check(root), oldName, newName);
    row.leftovers = project.language === 'bash' ? leftovers(root, oldName) : 0;
  } finally {
    for (const f of applied.files) cpSync(path.join(pristine, f.file_path), path.join(root, f.file_path));
  }
  row.toolClean = row.toolNew.length === 0 && row.leftovers === 0;
  row.flagged = blocking.length > 0 || row.newErrors.length > 0;
  return row;
}

function countKinds(warnings) {
  const counts = {};
  for (const w of warnings) counts[w.kind] = (counts[w.kind] ?? 0) + 1;
  return counts;
}

async function runProject(lib, project) {
  const cases = RENAME_CASES[project.id] ?? [];
  const root = mkdtempSync(path.join(tmpdir(), `locus-bench-renames-${project.id}-`));
  const pristine = mkdtempSync(path.join(tmpdir(), `locus-bench-renames-${project.id}-orig-`));
  try {
    project.copy(root);
    cpSync(root, pristine, { recursive: true });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    rmSync(pristine, { recursive: true, force: true });
    return { id: project.id, name: project.name, language: project.language, skipped: error.message };
  }
  const baseline = project.check(root);
  const locus = lib.createLocus({ root });
  const rows = [];
  try {
    for (const c of cases) {
      try {
        rows.push(await runCase(locus, project, root, pristine, baseline, c));
        process.stderr.write(`[renames] ${project.id} ${c[0]} → ${c[1]}: ${verdictOf(rows.at(-1))}\n`);
      } catch (error) {
        rows.push({ at: c[0], newName: c[1], expect: c[2], error: error.message });
      }
    }
  } finally {
    await locus.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(pristine, { recursive: true, force: true });
  }
  return {
    id: project.id,
    name: project.name,
    language: project.language,
    tool: project.files,
    baseline: baseline.length,
    rows,
  };
}

/** Runs the section on `ids` (default: every project). */
export async function runSafeRenames(lib, ids) {
  const chosen = ids?.length ? RENAME_PROJECTS.filter((p) => ids.includes(p.id)) : RENAME_PROJECTS;
  const projects = [];
  for (const project of chosen) projects.push(await runProject(lib, project));
  return { projects };
}

/** Per project: safe renames the tool confirmed, false new errors on them, risky renames flagged. */
export function summarizeProject(p) {
  const rows = p.rows ?? [];
  const safe = rows.filter((r) => r.expect === 'safe' && !r.error && r.toolClean);
  const risky = rows.filter((r) => !r.error && (r.expect === 'risky' || !r.toolClean));
  return {
    safe: safe.length,
    falseNewErrors: safe.reduce((n, r) => n + r.newErrors.length, 0),
    safeBlocked: safe.filter((r) => Object.keys(r.warnings).length > 0).length,
    risky: risky.length,
    riskyFlagged: risky.filter((r) => r.flagged).length,
    failed: rows.filter((r) => r.error).length,
  };
}

function verdictOf(r) {
  if (r.error) return `n/a (${r.error})`;
  if (r.expect === 'safe' && r.toolClean)
    return r.newErrors.length ? `FALSE ALARM: ${r.newErrors.length} new error(s)` : 'safe, 0 new errors';
  const tool = r.toolClean
    ? 'the tool is clean: only a reader or the tests can tell'
    : `tool: ${r.toolNew.length} new error(s)${r.leftovers ? `, ${r.leftovers} use(s) left` : ''}`;
  return `${r.flagged ? 'risky, flagged' : 'RISKY, NOT FLAGGED'} (${tool})`;
}

/** Markdown for the section. */
export function renderSafeRenames(result) {
  const parts = ['### Renames on real projects (issue 24)'];
  const totals = result.projects.map((p) => {
    const s = summarizeProject(p);
    return [
      p.name,
      p.language,
      p.skipped ? `skipped: ${p.skipped}` : `${s.safe}`,
      `${s.falseNewErrors}`,
      `${s.riskyFlagged}/${s.risky}`,
      `${s.safeBlocked}`,
      `${s.failed}`,
    ];
  });
  parts.push(
    table(
      [
        'project',
        'language',
        'safe (tool clean)',
        'false new errors',
        'risky flagged',
        'safe with a blocking warning',
        'failed',
      ],
      totals,
    ),
  );
  for (const p of result.projects.filter((x) => x.rows)) {
    const rows = p.rows.map((r) => [
      `\`${r.at}\` → \`${r.newName}\``,
      r.expect + (r.flag ? ` (${r.flag})` : ''),
      r.error ? '–' : `${r.edits} in ${r.files}`,
      r.error
        ? '–'
        : Object.entries(r.warnings)
            .map(([k, n]) => `${k} ×${n}`)
            .join(', ') || 'none',
      r.error ? '–' : `${r.newErrors.length}${r.unverifiable ? ` (${r.unverifiable} not verifiable)` : ''}`,
      verdictOf(r),
    ]);
    parts.push(`#### ${p.name} — ${p.tool}; ${p.baseline} error(s) before`);
    parts.push(table(['rename', 'expected', 'edits', 'blocking warnings', 'new errors', 'verdict'], rows));
  }
  return parts.join('\n\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { projects: { type: 'string' }, json: { type: 'string' } } });
  const lib = await loadLibrary();
  const result = await runSafeRenames(lib, values.projects?.split(',').filter(Boolean));
  if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 1));
  console.log(renderSafeRenames(result));
}
