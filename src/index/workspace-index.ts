/**
 * The workspace symbol index of one root: built from the persisted cache plus a stat sweep, missing
 * or changed files parsed on worker threads, kept fresh before every answer (a full stat sweep, or
 * with `watch()` only the folders a watcher saw change). See docs/workspace.md.
 */
import { basename } from 'node:path';
import { realPathOf } from '../workspace/files.js';
import { DEFAULT_MAX_FILE_BYTES } from '../workspace/workspace.js';
import { cacheDirectory, cacheFile, loadCache, saveCache, type CacheContents } from './cache.js';
import { jobsSpelling, type ExtractJob } from './extract.js';
import { SymbolStore } from './store.js';
import { StoreSync } from './store-sync.js';
import { waitOrCancel, type FreshOptions } from './fresh-wait.js';
import type { FileEntry, IndexOptions, IndexStatus, ProgressListener } from './types.js';
import { FolderStamps, isUnder, quickCheck } from './quick-check.js';
import { DirectoryWatcher } from './watcher.js';
import { Walker, type WalkResult } from './walk.js';

/** How long a watched index waits before writing changes to the persisted cache. */
const SAVE_DELAY_MS = 1000;

/** The index of one workspace root. */
export class WorkspaceIndex {
  readonly store = new SymbolStore();
  /** Aborted by `close()`: a build still running stops its workers. */
  private readonly closing = new AbortController();
  private readonly walker: Walker;
  private readonly maxBytes: number;
  private readonly cachePath: string | undefined;
  private readonly realRoot: string;
  private building: Promise<void> | undefined;
  private built = false;
  private targeting: Promise<void> | undefined;
  private covered: string[] | undefined;
  /** The persisted cache as read before the first build (which takes it over); undefined once taken. */
  private persisted: CacheContents | undefined;
  private persistedRead = false;
  private sweeping: Promise<void> | undefined;
  private readonly listeners = new Set<ProgressListener>();
  private progress = { done: 0, total: 0 };
  /** Keeps the store in step with the walks and reads (and counts what they skipped and parsed). */
  private readonly sync: StoreSync;
  private watcher: DirectoryWatcher | undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  /** What the walks saw of each folder. */
  private readonly folders = new FolderStamps();

  constructor(
    readonly root: string,
    options: IndexOptions = {},
  ) {
    this.realRoot = realPathOf(root);
    this.maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.walker = new Walker(root, { ...options, maxFileBytes: this.maxBytes });
    this.cachePath = options.noCache
      ? undefined
      : cacheFile(cacheDirectory(root, options.cacheDir), this.realRoot);
    this.sync = new StoreSync(this.store, {
      root,
      maxBytes: this.maxBytes,
      maxWorkers: options.maxWorkers,
      signal: this.closing.signal,
      onAdvance: (files) => this.report(files),
    });
  }

  /** Files the index could not extract (their parse failed), sorted: text search still reads them itself. */
  unreadable(): string[] {
    return [...this.sync.rejected]
      .filter(([, r]) => r.kind === 'unreadable')
      .map(([path]) => path)
      .sort();
  }

  /** Where the index stands now. */
  status(): IndexStatus {
    const status: IndexStatus = {
      complete: this.built,
      indexed: this.built ? this.store.fileCount : this.progress.done,
      total: this.built ? this.store.fileCount : this.progress.total,
      symbols: this.store.symbolCount,
      skipped: { ...this.sync.skipped },
      ...this.sync.counts,
    };
    if (this.cachePath) status.cacheFile = this.cachePath;
    if (!this.built && this.covered) status.covers = [...this.covered];
    return status;
  }

  /**
   * Brings the index up to date with the disk: the first call builds it, later calls sweep for
   * changes. With `waitMs`, resolves after that long even if the first build is still running
   * (`status().complete` then says so). `onProgress` hears the first build's progress.
   */
  async fresh(options: FreshOptions = {}): Promise<IndexStatus> {
    const { onProgress, waitMs } = options;
    if (!this.built) {
      while (this.targeting) await this.targeting.catch(() => undefined);
      if (onProgress) this.listeners.add(onProgress);
      this.building ??= this.build().finally(() => this.listeners.clear());
      // A failed build (a bug, not a bad file: those are counted) is retried by the next call.
      this.building.catch(() => (this.building = undefined));
      try {
        await waitOrCancel(this.building, waitMs, options.signal);
      } finally {
        if (onProgress) this.listeners.delete(onProgress);
      }
      return this.status();
    }
    this.sweeping ??= this.sweep().finally(() => (this.sweeping = undefined));
    await this.sweeping;
    return this.status();
  }

  /**
   * Brings the store up to date for symbols named exactly `names` (case-sensitive). Once the first
   * build has run, or while it runs, this is `fresh()`. Before it, a targeted pass answers without
   * it: cached entries are taken as they are, and of the other files only those whose bytes spell
   * one of the names are parsed — a symbol's name is always spelled in its own file, so lookups of
   * these names are complete (`status().covers`). Files parsed are kept and persisted, so the first
   * build later parses only the rest. See docs/workspace.md.
   */
  async freshFor(names: readonly string[], options: FreshOptions = {}): Promise<IndexStatus> {
    if (this.built || this.building || names.length === 0) return this.fresh(options);
    while (this.targeting) await this.targeting.catch(() => undefined);
    if (this.built || this.building) return this.fresh(options);
    if (options.onProgress) this.listeners.add(options.onProgress);
    const pass = this.target(names);
    this.targeting = pass.finally(() => {
      this.targeting = undefined;
      if (options.onProgress) this.listeners.delete(options.onProgress);
    });
    await waitOrCancel(this.targeting, options.waitMs, options.signal);
    return this.status();
  }

  /**
   * The files of `language` that only their content marks (extension-less: a shebang or a modeline, as the walk
   * sniffs them), relative to the root, in path order. Once the index is built they come from it; before, from a
   * walk (listings and the sniffed ends of extension-less files, nothing parsed), which the index does not keep.
   */
  contentTyped(language: string): string[] {
    const typed = (path: string, lang: string) => lang === language && !basename(path).includes('.');
    if (this.built) {
      const paths: string[] = [];
      for (const entry of this.store.entries()) if (typed(entry.path, entry.language)) paths.push(entry.path);
      return paths.sort();
    }
    return this.walker
      .walk()
      .files.filter((file) => typed(file.path, file.language))
      .map((file) => file.path);
  }

  /**
   * Every file of the workspace as the index's walk sees it (ignore files, excluded folders, `index.include` and
   * `index.exclude`), of any language, relative to the root, in path order: the one answer to "which files" (globs
   * of `diagnostics` too, docs/workspace.md, "Which files are indexed"). A listing; nothing is read or parsed.
   */
  files(): string[] {
    return this.walker.list();
  }

  /**
   * Reads indexed files again whatever their stamps say — their bytes disagreed with their entries (a file rewritten
   * within the stamps' resolution) — so the next lookup answers from what is on disk.
   */
  async reread(paths: readonly string[]): Promise<void> {
    if ((await this.sync.reread(paths)) && this.cachePath) this.save();
  }

  /** Keeps the index fresh with directory watchers (long-lived processes); falls back to sweeps. */
  watch(): void {
    this.watcher ??= new DirectoryWatcher(this.root);
  }

  /** Stops watching (and writes a cache update still pending). */
  close(): void {
    this.closing.abort();
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = undefined;
      this.save();
    }
    this.watcher?.close();
    this.watcher = undefined;
  }

  /** The persisted cache, read once (its refusals become ours); the first build takes it over. */
  private readPersisted(): CacheContents | undefined {
    if (!this.persistedRead) {
      this.persistedRead = true;
      this.persisted = this.cachePath ? loadCache(this.cachePath, this.realRoot) : undefined;
      if (this.persisted) this.sync.rejected = this.persisted.rejected;
    }
    return this.persisted;
  }

  private async target(names: readonly string[]): Promise<void> {
    this.covered = undefined;
    const cached = this.readPersisted()?.entries ?? new Map<string, FileEntry>();
    const walked = await this.walk();
    this.progress = { done: 0, total: walked.files.length };
    const spelled = (jobs: ExtractJob[]) =>
      jobsSpelling(jobs, names, {
        root: this.root,
        maxBytes: this.maxBytes,
        onDropped: () => this.report(1),
      });
    const changed = await this.sync.apply(walked, cached, true, '', spelled);
    this.covered = [...names];
    if (this.cachePath && changed) this.save();
  }

  private async build(): Promise<void> {
    const loaded = this.readPersisted();
    this.persisted = undefined;
    this.covered = undefined;
    let changed: boolean;
    if (loaded?.folders && loaded.rules === this.walker.rules()) changed = await this.check(loaded);
    else {
      const walked = await this.walk();
      this.progress = { done: 0, total: walked.files.length };
      changed = await this.sync.apply(walked, loaded?.entries ?? new Map(), true);
    }
    this.store.compact();
    this.store.prepare();
    this.built = true;
    if (this.cachePath && (changed || !loaded)) this.save();
  }

  /**
   * Takes the persisted index after checking it against the disk without a walk (quick-check.ts): changed files
   * read again, changed folders walked again. Watchers start first, so a change during the check is not missed.
   */
  private async check(loaded: CacheContents): Promise<boolean> {
    this.watcher?.track([...(loaded.folders?.keys() ?? [])]);
    this.folders.load(loaded.folders ?? new Map());
    for (const [file, walked] of loaded.walked ?? [])
      if (walked.fixed) this.sync.fixedLanguages.set(file, walked.language);
    if (loaded.skipped) this.sync.skipped = { ...loaded.skipped };
    const { dirty, jobs, gone } = quickCheck(this.root, this.walker, loaded);
    if (dirty.includes('')) {
      const walked = await this.walk();
      this.progress = { done: 0, total: walked.files.length };
      return this.sync.apply(walked, loaded.entries, true);
    }
    this.watcher?.settled();
    this.progress = { done: 0, total: loaded.entries.size };
    const left = new Set([...jobs.map((job) => job.file.path), ...gone]);
    const keep = (entry: FileEntry) => !left.has(entry.path) && !dirty.some((d) => isUnder(entry.path, d));
    if (loaded.bulk && this.store.fileCount === 0) this.store.loadBulk(loaded.bulk, keep);
    else for (const entry of loaded.entries.values()) if (keep(entry)) this.store.put(entry);
    let fromCache = this.store.fileCount;
    this.report(fromCache);
    let changed = gone.length > 0 || (await this.sync.extract(jobs, loaded.entries));
    let parsed = jobs.length;
    for (const dir of dirty) {
      const walked = await this.walk(dir);
      changed = (await this.sync.apply(walked, loaded.entries, false, dir)) || changed;
      fromCache += this.sync.counts.fromCache;
      parsed += this.sync.counts.parsed;
    }
    this.sync.counts = { fromCache, parsed };
    return changed;
  }

  /** Walks `under` (letting other calls run every 20 ms), watching and recording the folders it saw. */
  private async walk(under = ''): Promise<WalkResult> {
    const walked = await this.walker.walkYielding(under);
    this.watcher?.track(walked.dirs);
    this.folders.record(walked, under === '', under);
    return walked;
  }

  private async sweep(): Promise<void> {
    let changed = false;
    const plan = this.watcher ? await this.watcher.changes() : { full: true, dirs: [] };
    if (plan.full) {
      const walked = await this.walk();
      changed = await this.sync.apply(walked, undefined, true);
    } else {
      for (const dir of plan.dirs) {
        const walked = await this.walk(dir);
        changed = (await this.sync.apply(walked, undefined, false, dir)) || changed;
      }
    }
    // A long-lived process answers first and writes the cache a moment later (coalesced); a
    // one-shot process writes before it exits.
    if (this.cachePath && changed) {
      if (this.watcher) this.scheduleSave();
      else this.save();
    }
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, SAVE_DELAY_MS);
    this.saveTimer.unref();
  }

  private save(): void {
    if (!this.cachePath) return;
    saveCache(this.cachePath, this.realRoot, {
      ...this.sync.snapshot(),
      folders: new Map(this.folders.all),
      rules: this.walker.rules(),
    });
  }

  private report(advance: number): void {
    if (this.built) return;
    this.progress.done += advance;
    for (const listener of this.listeners) listener({ ...this.progress });
  }
}
