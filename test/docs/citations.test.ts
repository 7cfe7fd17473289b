/**
 * Code comments cite the docs as `docs/<file>.md, "Heading"` (CONTRIBUTING.md). Every citation in the code must name a
 * file that exists and, when it names a heading, a heading of that file (compared without case and backticks), so a
 * renamed section cannot leave comments pointing nowhere. Section numbers of the original contract (`§15.5`) are not
 * citations a reader can follow: none may appear.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
/** The code that may cite the docs. */
const CODE_DIRS = ['src', 'bench', 'scripts'];

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return codeFiles(full);
    return /\.(?:ts|js)$/.test(name) ? [full] : [];
  });
}

/** A heading as citations spell it: no markdown code ticks, no case. */
const normal = (heading: string): string => heading.replace(/`/g, '').trim().toLowerCase();

function headings(doc: string): Set<string> {
  const text = readFileSync(path.join(REPO, doc), 'utf8');
  // A heading is cited by its words without a trailing parenthesis too: "Key paths" names "Key paths (JSON, YAML, TOML)".
  return new Set(
    [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].flatMap((m) => {
      const heading = normal(m[1] as string);
      return [heading, heading.replace(/\s*\([^()]*\)$/, '')];
    }),
  );
}

/** Every `docs/x.md` and `docs/x.md, "Heading"` (also `docs/x.md "Heading"`) in a file, comment line breaks joined. */
function citations(file: string): { doc: string; heading?: string; at: string }[] {
  const text = readFileSync(file, 'utf8').replace(/\n\s*(?:\*(?!\/)|\/\/)\s?/g, ' ');
  const where = path.relative(REPO, file);
  return [...text.matchAll(/\b(docs\/[\w.-]+\.md)(?:(?:,\s*|\s+)"([^"\n]+)")?/g)].map((m) => ({
    doc: m[1] as string,
    ...(m[2] === undefined ? {} : { heading: m[2] }),
    at: `${where}: ${m[0]}`,
  }));
}

describe('docs citations in the code', () => {
  const files = CODE_DIRS.flatMap((dir) => codeFiles(path.join(REPO, dir)));
  const all = files.flatMap(citations);
  const cache = new Map<string, Set<string>>();
  const headingsOf = (doc: string): Set<string> => {
    let known = cache.get(doc);
    if (!known) cache.set(doc, (known = headings(doc)));
    return known;
  };

  it('finds citations to check', () => {
    expect(all.filter((c) => c.heading !== undefined).length).toBeGreaterThan(50);
  });

  it('every cited file exists', () => {
    expect(all.filter((c) => !existsSync(path.join(REPO, c.doc))).map((c) => c.at)).toEqual([]);
  });

  it('every cited heading exists in its file', () => {
    const broken = all
      .filter((c) => c.heading !== undefined && existsSync(path.join(REPO, c.doc)))
      .filter((c) => !headingsOf(c.doc).has(normal(c.heading as string)))
      .map((c) => c.at);
    expect(broken).toEqual([]);
  });

  it('no section numbers of the original contract', () => {
    const numbered = files
      .filter((f) => /§\s*\d/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(REPO, f));
    expect(numbered).toEqual([]);
  });
});
