/**
 * Which reading of a locate input is meant, decided once per call (docs/locate-strings.md, "Path"; docs/workspace.md,
 * "Locate strings without a file"): a place in one file, or a symbol or find to look up through the workspace
 * index. Pure: the caller says which paths are existing files. The answer is one tagged value that travels (to the
 * operations, and to the syntax worker for big files), so nothing downstream parses the string again.
 */
import type { Limits } from '../core/limits.js';
import { checkInputLimits, parseLocate } from './locate-string.js';
import type { Locate } from './model.js';
import { validateLocate } from './validate.js';
import { parseBareSymbol, parseWorkspaceLocate, type WorkspaceLocate } from './workspace-locate.js';

/** What a locate input names. */
export type LocateReading =
  /** A place in one file: the parsed and validated locate. */
  | { kind: 'file'; locate: Locate }
  /** No file: a symbol or a find in every file, or in those a glob matches (`form.bare`: a bare `Cart.total`). */
  | { kind: 'workspace'; form: WorkspaceLocate };

/** How to read an input. */
export interface ClassifyOptions {
  /** Drive prefixes (`C:\`) are part of a path only on Windows. */
  platform?: 'posix' | 'win32';
  limits?: Pick<Limits, 'maxLocateLength' | 'maxAtSigns' | 'maxFindLength'>;
  /**
   * False for callers that have no workspace index to search: every string is then read as a file locate, as it
   * always was for them (`*:Cart.total` names a file `*`, which does not exist). Default true.
   */
  workspaceForms?: boolean;
}

/**
 * Reads a locate string or object:
 * 1. an object is a file locate (validated);
 * 2. the explicit workspace forms (`*:scope`, `glob:scope`, `glob@find`) are workspace readings;
 * 3. a string whose head (before the first `@`) is a symbol path without `/` is the bare workspace form, unless it
 *    names an existing file (`README@x`, `Makefile:3`);
 * 4. anything else is a file locate, split where an existing file's path ends (the fallback of "Path").
 * Throws INVALID_LOCATE or LIMIT_EXCEEDED when no reading is valid.
 */
export function classify(
  input: unknown,
  exists: (path: string) => boolean,
  options: ClassifyOptions = {},
): LocateReading {
  const limits = options.limits;
  if (typeof input !== 'string') return fileLocate(input, limits);
  const known = new Map<string, boolean>();
  const isFile = (path: string): boolean => {
    let answer = known.get(path);
    if (answer === undefined) known.set(path, (answer = exists(path)));
    return answer;
  };
  const parse = (): Locate =>
    parseLocate(input, {
      exists: isFile,
      ...(options.platform ? { platform: options.platform } : {}),
      ...(limits ? { limits } : {}),
    });
  if (options.workspaceForms === false) return fileLocate(parse(), limits);
  if (limits) checkInputLimits(input, limits);
  const explicit = parseWorkspaceLocate(input);
  if (explicit) return { kind: 'workspace', form: explicit };
  const bare = parseBareSymbol(input);
  return bare ? bareOrFile(input, bare, parse, isFile, limits) : fileLocate(parse(), limits);
}

/** A bare-looking string that names an existing file is that file: `README@x`, `Cart.total@x`, `notes.txt@a@b`. */
function bareOrFile(
  input: string,
  bare: WorkspaceLocate,
  parse: () => Locate,
  isFile: (path: string) => boolean,
  limits: ClassifyOptions['limits'],
): LocateReading {
  let plain: Locate | undefined;
  let failure: unknown;
  try {
    plain = parse();
  } catch (error) {
    failure = error; // not a valid file locate: the symbol reading stands unless the head is a file
  }
  if (plain && isFile(plain.file_path)) return fileLocate(plain, limits);
  if (isFile(input.split('@')[0] ?? input)) {
    if (plain === undefined) throw failure;
    return fileLocate(plain, limits);
  }
  return { kind: 'workspace', form: bare };
}

function fileLocate(input: unknown, limits: ClassifyOptions['limits']): LocateReading {
  return { kind: 'file', locate: validateLocate(input, limits) };
}
