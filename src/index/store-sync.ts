/**
 * Keeps the symbol store in step with walks of the disk (docs/workspace.md): unchanged files kept or taken from
 * the persisted cache, missing and changed ones read and outlined (on worker threads when there are many),
 * vanished ones dropped, and binary, oversized or unreadable files remembered so a sweep does not read them again.
 */
import { join } from 'node:path';
import { fileFacts } from '../workspace/files.js';
import type { CacheContents, Rejection } from './cache.js';
import { languageFits, type ExtractJob, type ExtractOutcome } from './extract.js';
import { runJobs } from './pool.js';
import type { SymbolStore } from './store.js';
import type { FileEntry, SkipCounts, WalkedFile } from './types.js';
import type { WalkResult } from './walk.js';

/** Where and how a sync reads files, and whom it tells of each file done. */
export interface SyncOptions {
  root: string;
  maxBytes: number;
  maxWorkers?: number | undefined;
  /** Stops the workers of a read still running (the index closing). */
  signal: AbortSignal;
  /** Hears how many more files were dealt with (taken, read or refused). */
  onAdvance: (files: number) => void;
}

/** The part of the persisted cache a sync owns (the index adds folders and walk rules). */
export type SyncSnapshot = Pick<CacheContents, 'entries' | 'rejected' | 'walked' | 'skipped'>;

/** The store's files in step with the disk, and what the last walk or read counted. */
export class StoreSync {
  /** Binary, oversized or unreadable files as last seen, so a sweep does not read them again. */
  rejected = new Map<string, Rejection>();
  /** The files whose language the configuration or evidence fixed. */
  readonly fixedLanguages = new Map<string, string>();
  skipped: SkipCounts = { tooLarge: 0, binary: 0, unreadable: 0, symlinks: 0 };
  /** Files taken from the persisted cache / read (parsed, or found binary or unreadable) by the last `apply`. */
  counts = { fromCache: 0, parsed: 0 };

  constructor(
    private readonly store: SymbolStore,
    private readonly options: SyncOptions,
  ) {}

  /**
   * Makes the store match a walk (of the whole root, or of the folder `under`): unchanged files kept,
   * missing and changed ones parsed (those `select` keeps), vanished ones dropped. Returns whether anything
   * changed.
   */
  async apply(
    walked: WalkResult,
    cached: Map<string, FileEntry> | undefined,
    whole: boolean,
    under = '',
    select: (jobs: ExtractJob[]) => ExtractJob[] | Promise<ExtractJob[]> = (jobs) => jobs,
  ): Promise<boolean> {
    if (whole) this.skipped = { ...walked.skipped };
    const planned = this.plan(walked, cached, whole);
    const changed = this.dropVanished(planned.seen, whole, under);
    this.options.onAdvance(planned.fromCache);
    const jobs = await select(planned.jobs);
    this.counts = { fromCache: planned.fromCache, parsed: jobs.length };
    return (await this.extract(jobs, cached)) || changed;
  }

  /** Reads and outlines files (on worker threads when there are many); true when there were any. */
  async extract(jobs: ExtractJob[], cached: Map<string, FileEntry> | undefined): Promise<boolean> {
    const byPath = new Map(jobs.map((j) => [j.file.path, j.file]));
    const { root, maxBytes, maxWorkers, signal } = this.options;
    await runJobs(jobs, {
      root,
      maxBytes,
      ...(maxWorkers === undefined ? {} : { maxWorkers }),
      signal,
      onOutcome: (outcome) => {
        this.take(outcome, byPath, cached);
        this.options.onAdvance(1);
      },
    });
    return jobs.length > 0;
  }

  /** Reads indexed files again whatever their stamps say; true when there were any. */
  async reread(paths: readonly string[]): Promise<boolean> {
    const files = new Map<string, WalkedFile>();
    const jobs: ExtractJob[] = [];
    for (const file of paths) {
      const known = this.store.entry(file);
      const facts = fileFacts(join(this.options.root, file));
      if (!known || !facts?.isFile) continue;
      const walked = { path: file, size: facts.size, mtimeMs: facts.mtimeMs, language: known.language };
      files.set(file, walked);
      jobs.push({ file: walked, knownHash: known.hash });
    }
    await runJobs(jobs, {
      root: this.options.root,
      maxBytes: this.options.maxBytes,
      onOutcome: (outcome) => void this.take(outcome, files),
    });
    return jobs.length > 0;
  }

  /** What of the index the persisted cache keeps: entries, refusals, fixed languages, skip counts. */
  snapshot(): SyncSnapshot {
    const walked = new Map<string, { language: string; fixed: boolean }>();
    for (const [file, language] of this.fixedLanguages) walked.set(file, { language, fixed: true });
    return {
      entries: new Map([...this.store.entries()].map((entry) => [entry.path, entry])),
      rejected: this.rejected,
      walked,
      skipped: this.skipped,
    };
  }

  /** Which walked files need reading; unchanged ones are taken from the cache (or kept). */
  private plan(
    walked: WalkResult,
    cached: Map<string, FileEntry> | undefined,
    whole: boolean,
  ): { jobs: ExtractJob[]; seen: Set<string>; fromCache: number } {
    const seen = new Set<string>();
    const jobs: ExtractJob[] = [];
    let fromCache = 0;
    for (const file of walked.files) {
      seen.add(file.path);
      if (file.languageFixed) this.fixedLanguages.set(file.path, file.language);
      else this.fixedLanguages.delete(file.path);
      const rejected = this.rejected.get(file.path);
      if (rejected && rejected.size === file.size && rejected.mtimeMs === file.mtimeMs) {
        if (whole) this.skipped[rejected.kind]++;
        this.options.onAdvance(1);
        continue;
      }
      // The store first: a targeted pass may have parsed the file since the cache was written.
      const stored = this.store.entry(file.path);
      const known = stored ?? cached?.get(file.path);
      const sameLanguage = known !== undefined && languageFits(known.language, file);
      if (known && sameLanguage && known.size === file.size && known.mtimeMs === file.mtimeMs) {
        if (cached && !stored) {
          this.store.put(known);
          fromCache++;
        }
        continue;
      }
      jobs.push(known && sameLanguage ? { file, knownHash: known.hash } : { file });
    }
    return { jobs, seen, fromCache };
  }

  /** Drops files (and remembered refusals) the walk no longer found; true when any were indexed. */
  private dropVanished(seen: Set<string>, whole: boolean, under: string): boolean {
    if (whole) for (const path of [...this.rejected.keys()]) if (!seen.has(path)) this.rejected.delete(path);
    let changed = false;
    for (const path of this.store.paths()) {
      if (seen.has(path) || !(whole || path.startsWith(`${under}/`))) continue;
      this.store.remove(path);
      changed = true;
    }
    return changed;
  }

  private take(
    outcome: ExtractOutcome,
    files: Map<string, WalkedFile>,
    cached?: Map<string, FileEntry>,
  ): boolean {
    if (outcome.kind === 'entry') {
      this.rejected.delete(outcome.entry.path);
      this.store.put(outcome.entry);
      return true;
    }
    if (outcome.kind === 'same') {
      const known = cached?.get(outcome.path) ?? this.store.entry(outcome.path);
      const file = files.get(outcome.path);
      if (known && file) this.store.put({ ...known, size: file.size, mtimeMs: file.mtimeMs });
      return true;
    }
    this.store.remove(outcome.path);
    this.skipped[outcome.kind]++;
    const file = files.get(outcome.path);
    if (file) this.rejected.set(file.path, { size: file.size, mtimeMs: file.mtimeMs, kind: outcome.kind });
    return true;
  }
}
