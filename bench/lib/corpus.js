/**
 * Builds the run's temporary workspace from bench/corpus.json: each corpus entry is copied (or concatenated /
 * sliced) from its source into `<tmp>/ws/<language>/<size>/<file>`, next to a project marker so that every
 * language server started on it sees a one-file project. Nothing is ever written into the repository.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO, hash, partText, resolveSources } from './sources.js';

const MARKERS = {
  python: ['pyrightconfig.json', '{}\n'],
  typescript: [
    'tsconfig.json',
    '{ "compilerOptions": { "target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler", "noEmit": true, "skipLibCheck": true }, "include": ["*.ts"] }\n',
  ],
  javascript: [
    'jsconfig.json',
    '{ "compilerOptions": { "checkJs": false, "noEmit": true }, "include": ["*.js"] }\n',
  ],
  go: ['go.mod', 'module benchcorpus\n\ngo 1.19\n'],
};

/** The committed corpus list. */
export function loadCorpus() {
  return JSON.parse(readFileSync(path.join(REPO, 'bench/corpus.json'), 'utf8'));
}

/** Writes a project marker for `language` into `dir` (no-op for languages without one). */
export function writeMarker(dir, language) {
  const marker = MARKERS[language];
  if (marker) writeFileSync(path.join(dir, marker[0]), marker[1]);
}

/**
 * Creates the temp workspace with the entries of the given sizes.
 * @param {string[]} sizes e.g. ['small', 'medium']
 * @param {string[]} languages
 */
export function materialise(sizes, languages) {
  const corpus = loadCorpus();
  const { roots, versions, missing } = resolveSources();
  const base = mkdtempSync(path.join(tmpdir(), 'locus-bench-'));
  const root = path.join(base, 'ws');
  mkdirSync(root);
  const entries = [];
  const skipped = [];
  for (const entry of corpus.entries) {
    if (!sizes.includes(entry.size) || !languages.includes(entry.language)) continue;
    const texts = entry.parts.map((part) => partText(roots, part));
    if (texts.some((t) => t === undefined)) {
      skipped.push({ id: entry.id, reason: Object.values(missing).join('; ') || 'source missing' });
      continue;
    }
    const mismatches = entry.parts.filter((part, i) => hash(texts[i]) !== part.sha256).map((p) => p.file);
    const text = texts.join('');
    const absPath = path.join(root, entry.file);
    mkdirSync(path.dirname(absPath), { recursive: true });
    writeMarker(path.dirname(absPath), entry.language);
    writeFileSync(absPath, text);
    entries.push({ ...entry, parts: undefined, partCount: entry.parts.length, absPath, text, mismatches });
  }
  const mismatchNote =
    corpus.versions.python !== versions.python || corpus.versions.go !== versions.go
      ? `corpus.json was made with Python ${corpus.versions.python} / ${corpus.versions.go}; this machine has ${versions.python} / ${versions.go}`
      : undefined;
  return { base, root, entries, skipped, versions, expectedVersions: corpus.versions, mismatchNote };
}
