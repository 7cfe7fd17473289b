/**
 * The old name's whole-word matches in the files a rename preview looks at, each with the token the tree reads there
 * (rename-occurrences.ts, rename-safety.ts; docs/performance.md, "Rename previews").
 */
import type { Position } from 'vscode-languageserver-protocol';
import type { FileView } from '../../locate/resolve-core.js';
import type { IdentifierInfo } from '../../syntax/identifier.js';
import type { ViewCache } from '../context/locations.js';

/** A place as `path:line:character`: places of server answers and of file views compare by it. */
export function placeKey(absPath: string, at: Position): string {
  return `${absPath}:${at.line}:${at.character}`;
}

/** A whole-word match of the old name, and the token the tree reads there once it is classified. */
export interface NameMatch {
  offset: number;
  start: Position;
  /** A place the server's references name: the rename's edits normally cover it, so it is classified on demand. */
  referenced: boolean;
  classified: boolean;
  token?: IdentifierInfo;
}

/** The old name's whole-word matches in one file. */
export interface FileMatches {
  absPath: string;
  view: FileView;
  language: string;
  matches: NameMatch[];
}

/**
 * The old name's matches per file, each file read and classified once per preview and shared by the scan and the
 * check of edits in strings and comments. A preview starts files early (the referencing files, as soon as the
 * references are in) so that the work is done while the rename request is still out. Matches the references name
 * are left for later: the edits cover them, unless the rename missed one.
 */
export class NameMatches {
  private readonly files = new Map<string, Promise<FileMatches | undefined>>();

  constructor(
    private readonly cache: ViewCache,
    readonly oldName: string,
    /** The references' places (`placeKey`), known before any file is read. */
    readonly referenced: Promise<ReadonlySet<string>>,
  ) {}

  /** The file's matches; undefined for a file without a view or a language. */
  of(absPath: string): Promise<FileMatches | undefined> {
    let found = this.files.get(absPath);
    if (found === undefined) {
      found = this.read(absPath);
      found.catch(() => undefined);
      this.files.set(absPath, found);
    }
    return found;
  }

  /** Reads the token of each of `matches` not yet classified, in one look at the file's tree. */
  async classify(file: FileMatches, matches: readonly NameMatch[]): Promise<void> {
    const todo = matches.filter((m) => !m.classified);
    if (todo.length === 0) return;
    const { absPath, language, view } = file;
    const syntax = this.cache.context.locator.syntax;
    const tokens = await syntax.identifiersAt(
      absPath,
      language,
      view.text,
      todo.map((m) => m.offset),
    );
    for (const [i, match] of todo.entries()) {
      match.token = tokens[i];
      match.classified = true;
    }
  }

  private async read(absPath: string): Promise<FileMatches | undefined> {
    const view = await this.cache.get(absPath);
    const language = view?.outline?.language;
    if (!view || !language) return undefined;
    const { oldName } = this;
    if (!/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(oldName)) return { absPath, view, language, matches: [] };
    const word = new RegExp(
      `(?<![\\p{L}\\p{N}_$])${oldName.replace(/\$/g, '\\$')}(?![\\p{L}\\p{N}_$])`,
      'gu',
    );
    const referenced = await this.referenced;
    const matches = [...view.text.matchAll(word)].map(({ index: offset }): NameMatch => {
      const start = view.lines.toPosition(offset);
      return { offset, start, referenced: referenced.has(placeKey(absPath, start)), classified: false };
    });
    const file = { absPath, view, language, matches };
    await this.classify(
      file,
      matches.filter((m) => !m.referenced),
    );
    return file;
  }
}
