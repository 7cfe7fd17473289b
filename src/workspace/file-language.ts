/**
 * The language of one workspace file, with the file-system evidence the pure registry
 * (`core/languages.ts`) cannot see (docs/languages.md):
 * 1. a `fileLanguages` glob of `locus.config.json` (first match wins);
 * 2. for `.h`: the compile database entry naming the header (`compile_commands.json` at the root or in
 *    `build/`: `-x c++`, a C++ compiler or `-std=c++…` → C++);
 * 3. for `.h`: the translation unit with the same stem beside it (`tinyxml2.cpp`), else the
 *    translation units in its folder that `#include` it — C++ if any is C++;
 * 4. the registry's own rules (extension, `.h` by content, shebang, modeline).
 * Everything read here is cached per (folder, mtime); a folder is scanned at most once per change (an edit
 * inside a translation unit that adds an `#include` is seen when the folder changes or Locus restarts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { compileGlob } from '../core/glob.js';
import { detectLanguage, isAmbiguousHeader } from '../core/languages.js';
import { LruMap } from '../core/lru-map.js';
import { readTextOrUndefined } from './files.js';

/** Glob (relative to the workspace root, `/`-separated) → language id. */
export type LanguageOverrides = Readonly<Record<string, string>>;

const MAX_SCANNED_UNITS = 200;
const MAX_UNIT_BYTES = 1024 * 1024;
/** Scanned folders and decided headers kept (each re-checked by its folder's mtime). */
const MAX_CACHED_FOLDERS = 256;
const MAX_CACHED_HEADERS = 4096;
const CPP_FLAGS =
  /(?:^|\s|")(?:-x\s*c\+\+(?:-header)?|-std=(?:c|gnu)\+\+\w*|\S*(?:clang\+\+|g\+\+|c\+\+)(?:-[\d.]+)?)(?=\s|"|$)/;

/** Decides file languages for one workspace root. */
export class FileLanguages {
  private readonly matchers: Array<{ test: (rel: string) => boolean; language: string }>;
  /** The compile databases looked at (the root's and `build/`'s). */
  private readonly database = new Map<string, { stamp: number; entries: Map<string, string> }>();
  private readonly folders = new LruMap<string, { stamp: number; units: Map<string, string> }>({
    maxEntries: MAX_CACHED_FOLDERS,
  });
  /** Header → the language its translation units gave, valid while its folder's stamp is unchanged. */
  private readonly headers = new LruMap<string, { stamp: number; language: string | undefined }>({
    maxEntries: MAX_CACHED_HEADERS,
  });

  constructor(
    private readonly root: string,
    overrides: LanguageOverrides = {},
  ) {
    this.matchers = Object.entries(overrides).map(([glob, language]) => ({
      test: compileGlob(glob, { dot: true }),
      language,
    }));
  }

  /** The language id of a file (absolute path) with its text, or undefined when unknown. */
  languageOf(absPath: string, text: string): string | undefined {
    return this.evidenceOf(absPath) ?? detectLanguage(absPath, text);
  }

  /**
   * What decides a file's language before its own text does (rules 1–3): a `fileLanguages` glob, and for a
   * `.h` the compile database and the translation units beside it. The workspace index asks this while it
   * walks (passing the relative path it already has), so that it reads every file as the file's own outline
   * does (one decision, docs/languages.md).
   */
  evidenceOf(
    absPath: string,
    rel = path.relative(this.root, absPath).split(path.sep).join('/'),
  ): string | undefined {
    for (const matcher of this.matchers) if (matcher.test(rel)) return matcher.language;
    if (!isAmbiguousHeader(absPath)) return undefined;
    return this.fromCompileDatabase(absPath) ?? this.fromTranslationUnits(absPath);
  }

  private fromCompileDatabase(absPath: string): string | undefined {
    for (const dir of [this.root, path.join(this.root, 'build')]) {
      const entries = this.compileEntries(path.join(dir, 'compile_commands.json'));
      const command = entries.get(absPath);
      if (command !== undefined) return CPP_FLAGS.test(command) ? 'cpp' : 'c';
    }
    return undefined;
  }

  private compileEntries(file: string): Map<string, string> {
    const stamp = mtime(file);
    const cached = this.database.get(file);
    if (cached && cached.stamp === stamp) return cached.entries;
    const entries = new Map<string, string>();
    if (stamp !== undefined) {
      try {
        const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
        for (const entry of Array.isArray(raw) ? raw : []) addEntry(entries, entry);
      } catch {
        // An unreadable database is clangd's problem to report; the header falls back to the other rules.
      }
    }
    this.database.set(file, { stamp: stamp ?? -1, entries });
    return entries;
  }

  private fromTranslationUnits(absPath: string): string | undefined {
    const stamp = mtime(path.dirname(absPath)) ?? -1;
    const known = this.headers.get(absPath);
    if (known && known.stamp === stamp) return known.language;
    const language = this.scanTranslationUnits(absPath);
    this.headers.set(absPath, { stamp, language });
    return language;
  }

  private scanTranslationUnits(absPath: string): string | undefined {
    const units = this.unitsOf(path.dirname(absPath));
    const stem = path.basename(absPath).replace(/\.[^.]+$/, '');
    const base = path.basename(absPath);
    let sameStem: string | undefined;
    let including: string | undefined;
    for (const [name, language] of units) {
      if (name.replace(/\.[^.]+$/, '') === stem) sameStem ??= language;
    }
    if (sameStem !== undefined) return sameStem;
    for (const [name, language] of units) {
      if (language !== 'cpp' && including !== undefined) continue;
      if (includes(path.join(path.dirname(absPath), name), base)) including = language;
      if (including === 'cpp') break;
    }
    return including;
  }

  private unitsOf(dir: string): Map<string, string> {
    const stamp = mtime(dir) ?? -1;
    const cached = this.folders.get(dir);
    if (cached && cached.stamp === stamp) return cached.units;
    const units = new Map<string, string>();
    try {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isFile() || units.size >= MAX_SCANNED_UNITS) continue;
        const language = isAmbiguousHeader(entry.name) ? undefined : detectLanguage(entry.name);
        if (
          (language === 'c' || language === 'cpp') &&
          !/\.(?:hh|hpp|hxx|h\+\+|ipp|tpp|inl)$/i.test(entry.name)
        )
          units.set(entry.name, language);
      }
    } catch {
      // An unreadable folder gives no evidence.
    }
    this.folders.set(dir, { stamp, units });
    return units;
  }
}

function addEntry(entries: Map<string, string>, entry: unknown): void {
  if (typeof entry !== 'object' || entry === null) return;
  const { directory, file, command, arguments: args } = entry as Record<string, unknown>;
  if (typeof file !== 'string') return;
  const dir = typeof directory === 'string' ? directory : '';
  const commandText = Array.isArray(args) ? args.join(' ') : typeof command === 'string' ? command : '';
  entries.set(path.resolve(dir, file), commandText);
}

function includes(unitPath: string, headerName: string): boolean {
  const text = readTextOrUndefined(unitPath, MAX_UNIT_BYTES);
  if (text === undefined) return false;
  const escaped = headerName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*#\\s*include\\s*["<](?:[^">]*/)?${escaped}[">]`, 'm').test(text);
}

function mtime(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}
