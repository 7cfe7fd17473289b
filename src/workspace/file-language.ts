/**
 * The language of one workspace file, with the file-system evidence the pure registry
 * (`core/languages.ts`) cannot see (docs/languages.md):
 * 1. a `fileLanguages` glob of `locus.config.json` (first match wins);
 * 2. for `.h`: the compile database entry naming the header (`compile_commands.json` at the root or in
 *    `build/`: `-x c++`, a C++ compiler or `-std=c++…` → C++);
 * 3. for `.h`: the translation unit with the same stem beside it (`tinyxml2.cpp`), else the
 *    translation units in its folder that `#include` it — C++ if any is C++;
 *    then an extension a language without a grammar declares in `languages` (docs/configuration.md);
 * 4. the registry's own rules (extension, `.h` by content, shebang, modeline) on the file's text — or, when the
 *    caller has no text, the language decided for the file the last time its text was known, else its extension,
 *    else, for a file without an extension, its two ends (`sniffText`, the one sniffer).
 * This is the one "language of this file" of Locus: outlines, the index's walk and every language server agree.
 * Everything read here is cached per (folder, mtime); a folder is scanned at most once per change (an edit
 * inside a translation unit that adds an `#include` is seen when the folder changes or Locus restarts).
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { compileGlob } from '../core/glob.js';
import {
  detectLanguage,
  extensionOf,
  isAmbiguousHeader,
  translationUnitLanguage,
} from '../core/languages.js';
import { LruMap } from '../core/lru-map.js';
import { readTextOrUndefined, sniffText } from './read-file.js';

/** Glob (relative to the workspace root, `/`-separated) → language id. */
export type LanguageOverrides = Readonly<Record<string, string>>;

/** A language the configuration declares (one without a grammar): its key and its files' LSP `languageId`. */
export interface DeclaredFileLanguage {
  language: string;
  languageId: string;
}

/** Extension (lower-case, with the dot) → a language the configuration declares (docs/configuration.md). */
export type DeclaredExtensions = Readonly<Record<string, DeclaredFileLanguage>>;

const MAX_SCANNED_UNITS = 200;
const MAX_UNIT_BYTES = 1024 * 1024;
/** A compile database bigger than this gives no evidence (it is parsed on the calling thread; docs/security.md). */
const MAX_DATABASE_PARSE_BYTES = 32 * 1024 * 1024;
/** Scanned folders and decided headers kept (each re-checked by its folder's mtime). */
const MAX_CACHED_FOLDERS = 256;
const MAX_CACHED_HEADERS = 4096;
/** Languages decided from a file's text, remembered for callers without it (a server's didOpen). */
const MAX_REMEMBERED = 10_000;
const CPP_FLAGS =
  /(?:^|\s|")(?:-x\s*c\+\+(?:-header)?|-std=(?:c|gnu)\+\+\w*|\S*(?:clang\+\+|g\+\+|c\+\+)(?:-[\d.]+)?)(?=\s|"|$)/;

/** What a caller knows of a file besides its absolute path. */
export interface FileFacts {
  /** Its text (then the decision is remembered for callers without it). */
  text?: string;
  /** Its path relative to the root, when the caller has it already (the index's walk). */
  rel?: string;
}

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
  /** The language decided the last time each file's text was known (`.h` by content, a script by its shebang). */
  private readonly decided = new LruMap<string, string>({ maxEntries: MAX_REMEMBERED });

  constructor(
    private readonly root: string,
    overrides: LanguageOverrides = {},
    private readonly declared: DeclaredExtensions = {},
  ) {
    this.matchers = Object.entries(overrides).map(([glob, language]) => ({
      test: compileGlob(glob, { dot: true }),
      language,
    }));
  }

  /** The language id of a file (absolute path), or undefined when unknown: the one decision of Locus. */
  languageOf(absPath: string, options: FileFacts = {}): string | undefined {
    return this.decide(absPath, options).language;
  }

  /**
   * `languageOf`, saying also whether configuration or file-system evidence fixed the language (rules 1–3: the
   * file's text then cannot change it; the index decides a `.h` without it by its text when it reads the file).
   */
  decide(absPath: string, options: FileFacts = {}): { language: string | undefined; fixed: boolean } {
    const evidence = this.evidenceOf(absPath, options.rel) ?? this.declaredOf(absPath)?.language;
    if (evidence !== undefined) return { language: evidence, fixed: true };
    return { language: this.byFile(absPath, options.text), fixed: false };
  }

  /** Whether the configuration declares any language without a grammar. */
  get declaresAny(): boolean {
    return Object.keys(this.declared).length > 0;
  }

  /** The language the configuration declares for a file by its extension (no grammar), if any. */
  declaredOf(absPath: string): DeclaredFileLanguage | undefined {
    const extension = extensionOf(absPath);
    return Object.hasOwn(this.declared, extension) ? this.declared[extension] : undefined;
  }

  /** Records the language a caller decided for a file (the operations tell the language servers). */
  remember(absPath: string, language: string): void {
    this.decided.set(absPath, language);
  }

  /** Rule 4: the file's text, else what its text said last time, else its extension, else its two ends. */
  private byFile(absPath: string, text: string | undefined): string | undefined {
    if (text !== undefined) {
      const language = detectLanguage(absPath, text);
      if (language === undefined) this.decided.delete(absPath);
      else this.decided.set(absPath, language);
      return language;
    }
    const known = this.decided.get(absPath) ?? detectLanguage(absPath);
    if (known !== undefined || extensionOf(absPath) !== '') return known;
    // No extension: the file's two ends, by the same rules as its whole text (docs/languages.md).
    const ends = sniffText(absPath);
    return ends === undefined ? undefined : detectLanguage(absPath, ends);
  }

  /**
   * What decides a file's language before its own text does (rules 1–3): a `fileLanguages` glob, and for a
   * `.h` the compile database and the translation units beside it.
   */
  private evidenceOf(
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
    // Read the one safe way, inside the root only; an unreadable, outside or oversized database is clangd's
    // problem to report, and the header falls back to the other rules.
    const text =
      stamp === undefined
        ? undefined
        : readTextOrUndefined(file, { maxBytes: MAX_DATABASE_PARSE_BYTES, within: this.root });
    try {
      const raw = text === undefined ? [] : (JSON.parse(text) as unknown);
      for (const entry of Array.isArray(raw) ? raw : []) addEntry(entries, entry);
    } catch {
      // Not JSON: no evidence.
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
        const language = translationUnitLanguage(entry.name);
        if (language !== undefined) units.set(entry.name, language);
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
  const text = readTextOrUndefined(unitPath, { maxBytes: MAX_UNIT_BYTES, noFollow: true });
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
