/**
 * The file-system boundary (docs/architecture.md, "Workspace safety"): paths resolve inside the workspace root only
 * (lexically and physically, symlinks followed), files must be regular, text, and under the size
 * limit. Results name files as the caller did, relative to the root with `/`.
 */
import { realpathSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { LocusError } from '../core/errors.js';
import { LruMap } from '../core/lru-map.js';
import { FileLanguages, type DeclaredExtensions, type LanguageOverrides } from './file-language.js';
import { clip, DEFAULT_LIMITS, limitExceeded, type Limits } from '../core/limits.js';
import { accessError, decodeText, escapes, tooBig } from './files.js';
import { readFileBytes } from './read-file.js';

export { accessError, decodeText } from './files.js';

/** Default size limit for files Locus reads (bigger ones are refused; files over 4 Mi characters get line scopes and finds only: see ops/locating/file-view.ts). */
export const DEFAULT_MAX_FILE_BYTES = DEFAULT_LIMITS.maxFileBytes;

const TEXT_CACHE_ENTRIES = 64;

/** A file inside the workspace, named both ways. */
export interface WorkspaceFile {
  /** Normalised path relative to the root, with `/` (as the caller named it: symlinks not replaced). */
  relPath: string;
  /** Absolute path (not resolved through symlinks). */
  absPath: string;
}

/** Text content of a file, BOM removed (docs/architecture.md, "Workspace safety"). */
export interface TextFile extends WorkspaceFile {
  text: string;
  hadBom: boolean;
}

/** Workspace root with containment checks and safe text reads. */
export class Workspace {
  readonly root: string;
  readonly realRoot: string;
  readonly maxFileBytes: number;
  readonly limits: Limits;
  private readonly texts = new LruMap<string, { stamp: string; text: string; hadBom: boolean }>({
    maxEntries: TEXT_CACHE_ENTRIES,
  });
  private fileLanguages: FileLanguages | undefined;
  /** The last `isFile` resolution, valid until the current synchronous run ends. */
  private justResolved:
    { filePath: string; resolved: { file: WorkspaceFile; stats: BigIntStats } } | undefined;

  constructor(
    root: string,
    private readonly options: {
      maxFileBytes?: number;
      limits?: Partial<Limits>;
      languageOverrides?: LanguageOverrides;
      /** Extension → a language the configuration declares (no grammar; docs/configuration.md). */
      declaredLanguages?: DeclaredExtensions;
    } = {},
  ) {
    this.root = path.resolve(root);
    try {
      this.realRoot = realpathSync.native(this.root);
    } catch (cause) {
      // `details.argument`: the command line named it, so every face exits 2 (docs/operations.md, "Exit codes").
      throw new LocusError('FILE_NOT_FOUND', `The workspace root ${clip(this.root)} does not exist.`, {
        hint: 'The workspace root must be an existing directory.',
        advice: [{ kind: 'check-root' }],
        cause,
        details: { argument: '--root' },
      });
    }
    this.maxFileBytes = options.maxFileBytes ?? options.limits?.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits, maxFileBytes: this.maxFileBytes };
  }

  /** The language of its files: the one decision (registry rules, config globs, `.h` evidence; docs/languages.md). */
  get languages(): FileLanguages {
    this.fileLanguages ??= new FileLanguages(
      this.root,
      this.options.languageOverrides,
      this.options.declaredLanguages,
    );
    return this.fileLanguages;
  }

  /** Resolves a caller's path lexically; `..` escapes are OUTSIDE_WORKSPACE. Does not touch the disk. */
  locate(filePath: string): WorkspaceFile {
    if (filePath.length > this.limits.maxLocateLength)
      throw limitExceeded('maxLocateLength', 'The path length', filePath.length, this.limits.maxLocateLength);
    const absPath = path.isAbsolute(filePath) ? path.normalize(filePath) : path.resolve(this.root, filePath);
    const rel = path.relative(this.root, absPath);
    if (rel === '') return { relPath: '.', absPath };
    if (escapes(rel)) {
      throw new LocusError(
        'OUTSIDE_WORKSPACE',
        `${clip(filePath)} is outside the workspace ${clip(this.root)}.`,
        {
          hint: 'Name files relative to the workspace root.',
          advice: [{ kind: 'check-root' }],
        },
      );
    }
    return { relPath: rel.split(path.sep).join('/'), absPath };
  }

  /** Resolves and checks a path: inside the root physically, exists, is a regular file. */
  resolveFile(filePath: string): WorkspaceFile {
    return this.resolveWithStats(filePath).file;
  }

  /** resolveFile plus the file's stats (one stat serves the checks and the text cache). */
  private resolveWithStats(filePath: string): { file: WorkspaceFile; stats: BigIntStats } {
    const file = this.locate(filePath);
    let real: string;
    let stats: BigIntStats;
    try {
      real = realpathSync.native(file.absPath);
      stats = statSync(real, { bigint: true });
    } catch (cause) {
      throw accessError(cause, file.relPath, this.root);
    }
    const realRel = path.relative(this.realRoot, real);
    if (escapes(realRel)) {
      throw new LocusError(
        'OUTSIDE_WORKSPACE',
        `${clip(file.relPath)} leads outside the workspace (a symlink to ${clip(real)}).`,
        {
          hint: 'Locus only reads files inside the workspace root.',
        },
      );
    }
    if (stats.isDirectory()) {
      throw new LocusError('FILE_NOT_FOUND', `${clip(file.relPath)} is a directory, not a file.`, {
        hint: 'Name a source file inside it.',
      });
    }
    if (!stats.isFile()) throw new LocusError('NOT_TEXT', `${clip(file.relPath)} is not a regular file.`);
    return { file, stats };
  }

  /**
   * True when `filePath` is an existing regular file inside the workspace: how a locate string reads depends on it
   * (locate/classify.ts). The resolution is kept until the current synchronous run ends, so the `readText` of the
   * same file that follows a locate's reading does not resolve it a second time.
   */
  isFile(filePath: string): boolean {
    try {
      const resolved = this.resolveWithStats(filePath);
      if (this.justResolved === undefined) queueMicrotask(() => (this.justResolved = undefined));
      this.justResolved = { filePath, resolved };
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Reads a file as text: size limit, no NUL bytes, valid UTF-8; the BOM is removed. The decoded
   * text is reused while the file's identity, size and nanosecond mtime are unchanged, so repeated
   * locates in one file cost a stat, not a read.
   */
  readText(filePath: string): TextFile {
    const just = this.justResolved;
    const { file, stats } = just?.filePath === filePath ? just.resolved : this.resolveWithStats(filePath);
    const stamp = `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
    const cached = this.texts.get(file.absPath);
    if (cached && cached.stamp === stamp) return { ...file, text: cached.text, hadBom: cached.hadBom };
    // The size is checked before reading: a huge file is refused without being loaded.
    if (stats.size > BigInt(this.maxFileBytes))
      throw tooBig(file.relPath, Number(stats.size), this.maxFileBytes);
    // Opened again through the safe reader: a file swapped for a FIFO or device since the stat is refused.
    const { bytes } = readFileBytes(file.absPath, {
      maxBytes: this.maxFileBytes,
      name: file.relPath,
      within: this.realRoot,
    });
    const decoded = decodeText(bytes, file.relPath, this.maxFileBytes);
    this.texts.set(file.absPath, { stamp, ...decoded });
    return { ...file, ...decoded };
  }
}
