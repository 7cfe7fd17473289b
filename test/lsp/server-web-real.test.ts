/**
 * The YAML, JSON, CSS and HTML servers on real projects' files, with no configuration line: Locus starts them when
 * they are installed (docs/languages.md, "Servers found when installed"). The files come from the agreement
 * harness's releases (bench/lib/corpora.js, fetched into the user cache on first use): cobra 1.6.1's GitHub
 * workflow, immer 11.2.10's package.json, Lua 5.4.4's manual stylesheet and readme page. A release that cannot be
 * fetched is a loud skip (offline machines); with `LOCUS_AGREEMENT_REQUIRED=1` it fails. Against the real servers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentSymbol, SymbolInformation } from 'vscode-languageserver-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocus, type Locus } from '../../src/ops/locus.js';
import { hoverText } from '../helpers/hover-text.js';
import { describeWithServer } from '../helpers/require-server.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const corpora = (await import(path.join(REPO, 'bench/lib/corpora.js'))) as {
  PROJECTS: { id: string; name: string }[];
  ensureSources(project: object): { root?: string; skipped?: string };
};

/** The source folder of a harness project, or the reason it is unavailable. */
function sources(id: string): { root?: string; skipped?: string; name: string } {
  const project = corpora.PROJECTS.find((p) => p.id === id);
  if (project === undefined) throw new Error(`the harness has no project ${id}`);
  return { ...corpora.ensureSources(project), name: project.name };
}

const opened: Locus[] = [];
afterAll(async () => {
  for (const locus of opened) await locus.close();
});

/** A Locus on the project, or a loud skip when its sources are unavailable. */
function onProject(id: string, skip: (note: string) => void): Locus {
  const project = sources(id);
  if (project.root === undefined) {
    const message = `the sources of ${project.name} are unavailable: ${project.skipped}`;
    if (process.env.LOCUS_AGREEMENT_REQUIRED === '1') throw new Error(message);
    console.warn(`\n⚠️  SKIPPING ${project.name}: ${message}\n`);
    skip(message);
  }
  // The cached sources are shared by other tests: nothing here writes (no apply, no format).
  const locus = createLocus({ root: project.root as string });
  opened.push(locus);
  return locus;
}

/** The top-level names the server's documentSymbol gives for a file. */
async function serverTopLevel(locus: Locus, file: string): Promise<string[]> {
  const abs = path.join(locus.root, file);
  const answer = await locus.context.lsp.sessionFor(abs).documentSymbol(abs, readFileSync(abs, 'utf8'));
  const symbols = answer.result as (DocumentSymbol | SymbolInformation)[];
  return symbols.filter((s) => !('containerName' in s && s.containerName)).map((s) => s.name);
}

/** The top-level names of Locus's own outline (key paths for data files), unquoted. */
async function locusTopLevel(locus: Locus, file: string): Promise<string[]> {
  const outline = await locus.outline(file);
  if (!outline.ok) throw new Error(`${outline.error.code}: ${outline.error.message}`);
  return outline.symbols.map((s) => s.name.replace(/^"(.*)"$/, '$1'));
}

async function errorsIn(locus: Locus, file: string): Promise<number> {
  const result = await locus.diagnostics([file]);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.totals.error;
}

describeWithServer('yaml', 'YAML: cobra 1.6.1, .github/workflows/test.yml', () => {
  const file = '.github/workflows/test.yml';
  it('no errors, and the server names the same top-level keys as Locus', async (context) => {
    const locus = onProject('cobra', (note) => context.skip(note));
    expect(await errorsIn(locus, file)).toBe(0);
    const keys = await locusTopLevel(locus, file);
    expect(keys).toEqual(expect.arrayContaining(['name', 'on', 'jobs']));
    expect(await serverTopLevel(locus, file)).toEqual(keys);
  });
});

describeWithServer('json', 'JSON: immer 11.2.10, package.json', () => {
  it('no errors, and the server names the same top-level keys as Locus', async (context) => {
    const locus = onProject('immer', (note) => context.skip(note));
    expect(await errorsIn(locus, 'package.json')).toBe(0);
    const keys = await locusTopLevel(locus, 'package.json');
    expect(keys).toEqual(expect.arrayContaining(['name', 'version', 'exports']));
    expect(await serverTopLevel(locus, 'package.json')).toEqual(keys);
  });
});

describe('Lua 5.4.4 documentation', () => {
  describeWithServer('css', 'CSS: doc/lua.css', () => {
    it('hover describes a property; no errors', async (context) => {
      const locus = onProject('lua', (note) => context.skip(note));
      expect(await hoverText(locus, 'doc/lua.css:body@<|>line-height')).toMatch(/line/i);
      expect(await errorsIn(locus, 'doc/lua.css')).toBe(0);
    });
  });

  describeWithServer('html', 'HTML: doc/readme.html', () => {
    it('hover describes an element', async (context) => {
      const locus = onProject('lua', (note) => context.skip(note));
      expect(await hoverText(locus, 'doc/readme.html@<<|>BLOCKQUOTE')).toMatch(/quoted from another source/i);
    });
  });
});
