/**
 * Which files the index covers: every file under the root in a language Locus parses, minus what
 * `.gitignore` / `.ignore` files (nested ones too, `ignore` package) and the default-excluded folders
 * leave out, with `index.include` / `index.exclude` globs (src/core/glob.ts) on top. Symbolic links are
 * never followed, so nothing outside the root is read and link loops cannot occur (docs/workspace.md).
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { gitExcludeTexts } from './git-excludes.js';
import { compileGlobs, globBase } from '../core/glob.js';
import { DEFAULT_EXCLUDED_DIRS } from '../workspace/excluded-folders.js';
import { FileLanguages } from '../workspace/file-language.js';
import { hasGrammar } from '../syntax/registry.js';
import { changeTimeMs } from '../workspace/files.js';
import type { IndexOptions, SkipCounts, WalkedFile } from './types.js';
import {
  ancestorLevels,
  gitExcludeLevels,
  ignoredByLevels,
  ignoreFilesIn,
  ignoreLevel,
  type IgnoreLevel,
} from './ignore-rules.js';

/** Lock files: generated, often megabytes of data; left out unless `index.include` names them (docs/workspace.md). */
export const DEFAULT_EXCLUDED_FILES: ReadonlySet<string> = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
]);

/** Files found and files skipped. */
export interface WalkResult {
  files: WalkedFile[];
  /** Folders listed (relative to the root; `''` is the root). */
  dirs: string[];
  /** What each listed folder looked like (a later one-shot process checks these instead of walking). */
  folders: Map<string, FolderStamp>;
  skipped: SkipCounts;
  /** With `list()`: every admitted file, whatever its language (then `files` stays empty). */
  listed?: string[];
}

/** A folder's mtime from before it was listed (-1 when too recent to trust), and its ignore files' stamps. */
export interface FolderStamp {
  mtimeMs: number;
  ignores: string;
}

/** A folder changed within this long before it was listed may change again within its mtime's resolution. */
const RECENT_MS = 2000;

/** `name:size:mtime` of each of a folder's ignore files, `\0`-separated (a missing one: `name:missing`). */
function ignoreStamp(names: readonly string[], dir: string): string {
  return names.map((name) => `${name}:${stampOf(path.join(dir, name))}`).join('\0');
}

function stampOf(file: string): string {
  try {
    const stats = statSync(file);
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** Walks a workspace (or, with `under`, one folder of it and everything below) for source files. */
export class Walker {
  private readonly include: (p: string) => boolean;
  private readonly exclude: (p: string) => boolean;
  private readonly includeBases: string[];
  private readonly maxFileBytes: number;
  /** The language rules files' own outlines use (overrides, `.h` evidence). */
  private readonly languages: FileLanguages;
  /** Git's rules beside the .gitignore files (global excludes, .git/info/exclude), weaker than any of them. */
  private readonly gitLevels: IgnoreLevel[];
  /** Everything besides the folders themselves that decides what a walk finds (`rules`). */
  private readonly rulesText: string;

  constructor(
    readonly root: string,
    options: IndexOptions & { maxFileBytes: number },
  ) {
    const globs = (list: string[] | undefined) =>
      list && list.length > 0 ? compileGlobs(list, { dot: true }) : () => false;
    this.include = globs(options.include);
    this.exclude = globs(options.exclude);
    this.includeBases = (options.include ?? []).map((g) => globBase(g));
    this.maxFileBytes = options.maxFileBytes;
    this.languages = new FileLanguages(root, options.languageOverrides);
    const excludes = gitExcludeTexts(root);
    this.gitLevels = gitExcludeLevels(excludes);
    const databases = ['compile_commands.json', 'build/compile_commands.json'].map((f) =>
      stampOf(this.abs(f)),
    );
    this.rulesText = JSON.stringify([
      options.include,
      options.exclude,
      options.languageOverrides,
      excludes,
      databases,
    ]);
  }

  /**
   * What the walk's outcome depends on besides the folders' own listings and ignore files: the index's globs and
   * languages, git's excludes, the compile databases that decide `.h` files. A folder stamp is trusted only under
   * the same rules.
   */
  rules(): string {
    return this.rulesText;
  }

  /** Whether a folder still looks as `stamp` says (unchanged listing and ignore files). */
  unchanged(dir: string, stamp: FolderStamp): boolean {
    if (stamp.mtimeMs < 0) return false;
    try {
      if (statSync(this.abs(dir)).mtimeMs !== stamp.mtimeMs) return false;
    } catch {
      return false;
    }
    return (
      stamp.ignores === '' ||
      ignoreStamp(
        stamp.ignores.split('\0').map((e) => e.split(':')[0] as string),
        this.abs(dir),
      ) === stamp.ignores
    );
  }

  /** Every source file under `under` (default: the whole root), in path order. */
  walk(under = ''): WalkResult {
    const { result, steps } = this.start(under);
    for (const _ of steps);
    return result;
  }

  /**
   * The same walk, letting other work run every `sliceMs` (a long-lived server keeps answering while a big tree
   * is listed; docs/security.md, "Prompt exit and no head-of-line blocking").
   */
  async walkYielding(under = '', sliceMs = 20): Promise<WalkResult> {
    const { result, steps } = this.start(under);
    let slice = Date.now();
    for (const _ of steps) {
      if (Date.now() - slice < sliceMs) continue;
      await new Promise((resolve) => setImmediate(resolve));
      slice = Date.now();
    }
    return result;
  }

  /**
   * Every file the walk admits (ignore files, excluded folders, include/exclude globs), of any language or none, in
   * path order: names only, nothing read. What "which files exist" means for a glob (`diagnostics`).
   */
  list(): string[] {
    const { result, steps } = this.start('', true);
    for (const _ of steps);
    return result.listed ?? [];
  }

  /** The result the walk fills and its steps (one per folder listed); `listing`: names of any language (`list`). */
  private start(under: string, listing = false): { result: WalkResult; steps: Generator<void> } {
    const result: WalkResult = {
      files: [],
      dirs: [],
      folders: new Map(),
      skipped: { tooLarge: 0, binary: 0, unreadable: 0, symlinks: 0 },
      ...(listing ? { listed: [] } : {}),
    };
    if (under === '') return { result, steps: this.visit('', this.gitLevels, false, result) };
    const parent = under.includes('/') ? under.slice(0, under.lastIndexOf('/')) : '';
    const parents = ancestorLevels(this.root, parent, this.gitLevels);
    const forced = this.forcedDir(under, parents);
    const steps = forced === undefined ? [][Symbol.iterator]() : this.visit(under, parents, forced, result);
    return { result, steps: steps as Generator<void> };
  }

  /** For a folder: undefined when it is left out, else whether only `include` globs admit files in it. */
  private forcedDir(dir: string, parents: IgnoreLevel[]): boolean | undefined {
    const parts = dir.split('/');
    let forced = false;
    for (let i = 0; i < parts.length; i++) {
      const sub = parts.slice(0, i + 1).join('/');
      const excluded =
        DEFAULT_EXCLUDED_DIRS.has(parts[i] as string) ||
        this.exclude(sub) ||
        (i === parts.length - 1 && ignoredByLevels(parents, sub, true));
      if (excluded && !this.mayInclude(sub)) return undefined;
      forced ||= excluded;
    }
    return forced;
  }

  private *visit(dir: string, parents: IgnoreLevel[], forced: boolean, result: WalkResult): Generator<void> {
    let entries: Dirent[];
    let mtimeMs: number;
    try {
      // Stat first: a file added while the folder is listed changes the mtime after this, so it is seen next time.
      mtimeMs = statSync(this.abs(dir)).mtimeMs;
      entries = readdirSync(this.abs(dir), { withFileTypes: true });
    } catch {
      result.skipped.unreadable++;
      return;
    }
    result.dirs.push(dir);
    const present = ignoreFilesIn(entries);
    result.folders.set(dir, {
      mtimeMs: Date.now() - mtimeMs < RECENT_MS ? -1 : mtimeMs,
      ignores: present.length === 0 ? '' : ignoreStamp(present, this.abs(dir)),
    });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const own = ignoreLevel(this.root, dir, present);
    const levels = own ? [...parents, own] : parents;
    for (const entry of entries) {
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        if (!ignoredByLevels(levels, rel, false)) result.skipped.symlinks++;
      } else if (entry.isDirectory()) {
        yield* this.visitChild(rel, entry.name, levels, forced, result);
      } else if (entry.isFile()) {
        this.consider(rel, entry.name, levels, forced, result);
      }
    }
    yield;
  }

  private *visitChild(
    rel: string,
    name: string,
    levels: IgnoreLevel[],
    forced: boolean,
    result: WalkResult,
  ): Generator<void> {
    if (this.exclude(rel) && !this.mayInclude(rel)) return;
    const excluded =
      DEFAULT_EXCLUDED_DIRS.has(name) || this.exclude(rel) || ignoredByLevels(levels, rel, true);
    if (excluded && !this.mayInclude(rel)) return;
    yield* this.visit(rel, levels, forced || excluded, result);
  }

  private consider(
    rel: string,
    name: string,
    levels: IgnoreLevel[],
    forced: boolean,
    result: WalkResult,
  ): void {
    if (this.exclude(rel) || (DEFAULT_EXCLUDED_FILES.has(name) && !this.include(rel))) return;
    if (forced ? !this.include(rel) : ignoredByLevels(levels, rel, false) && !this.include(rel)) return;
    if (result.listed) {
      result.listed.push(rel);
      return;
    }
    const { language, fixed } = this.languages.decide(this.abs(rel), { rel });
    if (!language || !hasGrammar(language)) return;
    try {
      const stats = statSync(this.abs(rel));
      if (!stats.isFile()) return;
      if (stats.size > this.maxFileBytes) {
        result.skipped.tooLarge++;
        return;
      }
      const file: WalkedFile = { path: rel, size: stats.size, mtimeMs: changeTimeMs(stats), language };
      if (fixed) file.languageFixed = true;
      result.files.push(file);
    } catch {
      result.skipped.unreadable++;
    }
  }

  /** True when an include glob could match something inside `dir`. */
  private mayInclude(dir: string): boolean {
    return this.includeBases.some(
      (base) => base === '' || base === dir || base.startsWith(`${dir}/`) || dir.startsWith(`${base}/`),
    );
  }

  private abs(rel: string): string {
    return rel === '' ? this.root : path.join(this.root, rel);
  }
}
