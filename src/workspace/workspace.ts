/**
 * The file-system boundary (SPEC §11, §14.21–23): paths resolve inside the workspace root only
 * (lexically and physically, symlinks followed), files must be regular, text, and under the size
 * limit. Results name files as the caller did, relative to the root with `/`.
 */
import { realpathSync, statSync, readFileSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { LocusError } from '../core/errors.js';

/** Default size limit for files Locus reads (SPEC §11). */
/** Files up to this size are read (bigger ones get line scopes and finds only: see file-view.ts). */
export const DEFAULT_MAX_FILE_BYTES = 32 * 1024 * 1024;

const TEXT_CACHE_ENTRIES = 64;

/** A file inside the workspace, named both ways. */
export interface WorkspaceFile {
  /** Normalised path relative to the root, with `/` (as the caller named it: symlinks not replaced). */
  relPath: string;
  /** Absolute path (not resolved through symlinks). */
  absPath: string;
}

/** Text content of a file, BOM removed (SPEC §14.8). */
export interface TextFile extends WorkspaceFile {
  text: string;
  hadBom: boolean;
}

/** Workspace root with containment checks and safe text reads. */
export class Workspace {
  readonly root: string;
  readonly realRoot: string;
  readonly maxFileBytes: number;
  private readonly texts = new Map<string, { stamp: string; text: string; hadBom: boolean }>();

  constructor(root: string, options: { maxFileBytes?: number } = {}) {
    this.root = path.resolve(root);
    try {
      this.realRoot = realpathSync.native(this.root);
    } catch (cause) {
      throw new LocusError('FILE_NOT_FOUND', `The workspace root ${this.root} does not exist.`, {
        hint: 'Pass an existing directory with --root.',
        cause,
      });
    }
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  }

  /** Resolves a caller's path lexically; `..` escapes are OUTSIDE_WORKSPACE. Does not touch the disk. */
  locate(filePath: string): WorkspaceFile {
    const absPath = path.isAbsolute(filePath) ? path.normalize(filePath) : path.resolve(this.root, filePath);
    const rel = path.relative(this.root, absPath);
    if (rel === '') return { relPath: '.', absPath };
    if (escapes(rel)) {
      throw new LocusError('OUTSIDE_WORKSPACE', `${filePath} is outside the workspace ${this.root}.`, {
        hint: 'Name files relative to the workspace root, or start Locus with a --root that contains them.',
      });
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
    } catch {
      throw new LocusError('FILE_NOT_FOUND', `${file.relPath} does not exist in ${this.root}.`, {
        hint: 'Paths are relative to the workspace root; check the spelling and the --root.',
      });
    }
    const realRel = path.relative(this.realRoot, real);
    if (escapes(realRel)) {
      throw new LocusError(
        'OUTSIDE_WORKSPACE',
        `${file.relPath} leads outside the workspace (a symlink to ${real}).`,
        {
          hint: 'Locus only reads files inside the workspace root.',
        },
      );
    }
    if (stats.isDirectory()) {
      throw new LocusError('FILE_NOT_FOUND', `${file.relPath} is a directory, not a file.`, {
        hint: 'Name a source file inside it; `locus outline <file>` lists its symbols.',
      });
    }
    if (!stats.isFile()) throw new LocusError('NOT_TEXT', `${file.relPath} is not a regular file.`);
    return { file, stats };
  }

  /** True when `filePath` is an existing regular file inside the workspace (for the parse fallback). */
  isFile(filePath: string): boolean {
    try {
      this.resolveFile(filePath);
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
    const { file, stats } = this.resolveWithStats(filePath);
    const stamp = `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
    const cached = this.texts.get(file.absPath);
    if (cached && cached.stamp === stamp) return { ...file, text: cached.text, hadBom: cached.hadBom };
    const decoded = decodeText(readFileSync(file.absPath), file.relPath, this.maxFileBytes);
    this.texts.delete(file.absPath);
    this.texts.set(file.absPath, { stamp, ...decoded });
    if (this.texts.size > TEXT_CACHE_ENTRIES) this.texts.delete(this.texts.keys().next().value as string);
    return { ...file, ...decoded };
  }
}

/** True when a relative path climbs out of its base. */
function escapes(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes file bytes as UTF-8 text or throws NOT_TEXT. */
export function decodeText(
  bytes: Uint8Array,
  name: string,
  maxBytes = DEFAULT_MAX_FILE_BYTES,
): { text: string; hadBom: boolean } {
  if (bytes.length > maxBytes) {
    throw new LocusError('NOT_TEXT', `${name} is ${bytes.length} bytes, over the ${maxBytes}-byte limit.`, {
      hint: `Locus reads source files up to ${Math.floor(maxBytes / 1024 / 1024)} MiB.`,
    });
  }
  if (bytes.includes(0)) {
    throw new LocusError('NOT_TEXT', `${name} looks binary (it contains NUL bytes).`, {
      hint: 'Locate in source files only.',
    });
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch (cause) {
    throw new LocusError('NOT_TEXT', `${name} is not valid UTF-8.`, {
      hint: 'Locus reads UTF-8 text (with or without BOM).',
      cause,
    });
  }
  const hadBom = text.charCodeAt(0) === 0xfeff;
  return { text: hadBom ? text.slice(1) : text, hadBom };
}
