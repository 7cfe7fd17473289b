import type { Advice } from './advice.js';

/**
 * Faults as values with a stable code, a message for people and a hint for agents (docs/operations.md, "Command line").
 */

/** Every error code Locus reports (docs/operations.md, "Command line"). */
export type ErrorCode =
  | 'INVALID_LOCATE'
  | 'FILE_NOT_FOUND'
  | 'OUTSIDE_WORKSPACE'
  | 'NOT_TEXT'
  | 'UNSUPPORTED_LANGUAGE'
  | 'SYMBOL_NOT_FOUND'
  | 'SYMBOL_AMBIGUOUS'
  | 'LINE_OUT_OF_RANGE'
  | 'NO_MATCH'
  | 'MATCH_INDEX_OUT_OF_RANGE'
  | 'SERVER_NOT_INSTALLED'
  | 'SERVER_FAILED'
  | 'TIMEOUT'
  | 'CAPABILITY_MISSING'
  | 'FILE_CHANGED'
  /** A bad argument other than the locate string (page, new name, select, fingerprint without apply…). */
  | 'INVALID_ARGUMENT'
  /** `locus.config.json` (or the user config) does not validate. */
  | 'CONFIG_INVALID'
  /** A write failed for a reason other than the file having changed (disk full, EIO…). */
  | 'WRITE_FAILED'
  /** The caller cancelled the call (MCP cancel, client gone); nothing was written after it. */
  | 'CANCELLED'
  /** The file exists but cannot be read (EACCES, EPERM…). */
  | 'NOT_READABLE'
  /** An input is over one of Locus's limits (locate string length, line length, message size…). */
  | 'LIMIT_EXCEEDED'
  /** A target file is read-only; Locus does not rewrite it unless forced. */
  | 'READ_ONLY'
  /** An edit was refused because of its warnings or new syntax errors; `force` overrides. */
  | 'UNSAFE_EDIT'
  /** A bug in Locus (an unexpected exception); reported as data so `--json` callers still get JSON. */
  | 'INTERNAL';

/** Codes that mean the caller's input was malformed (CLI exit code 2) rather than a failed lookup. */
export const INPUT_ERROR_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'INVALID_LOCATE',
  'INVALID_ARGUMENT',
  'CONFIG_INVALID',
  'LIMIT_EXCEEDED',
]);

/** Plain-data form of an error, as it appears in JSON output. */
export interface ErrorData {
  code: ErrorCode;
  message: string;
  hint?: string;
  /** Structured extras (candidates, suggestions, …) for machine consumers. */
  details?: Record<string, unknown>;
  /** What to do next, face-neutral; each face words it after the hint (src/core/advice.ts). */
  advice?: Advice[];
}

/** The one exception type Locus throws on purpose; anything else escaping is a bug. */
export class LocusError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly advice: Advice[] | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { hint?: string; cause?: unknown; details?: Record<string, unknown>; advice?: Advice[] } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LocusError';
    this.code = code;
    this.hint = options.hint;
    this.details = options.details;
    this.advice = options.advice;
  }

  /** The JSON shape of docs/operations.md, "Command line" (`{ code, message, hint }`). */
  toData(): ErrorData {
    const data: ErrorData = { code: this.code, message: this.message };
    if (this.hint !== undefined) data.hint = this.hint;
    if (this.details !== undefined) data.details = this.details;
    if (this.advice !== undefined) data.advice = this.advice;
    return data;
  }

  /** Rebuilds an error from its plain-data form. */
  static fromData(data: ErrorData): LocusError {
    return new LocusError(data.code, data.message, {
      hint: data.hint,
      details: data.details,
      ...(data.advice ? { advice: data.advice } : {}),
    });
  }
}

/** True when `value` is a LocusError (also across module copies). */
export function isLocusError(value: unknown): value is LocusError {
  return value instanceof LocusError || (value instanceof Error && value.name === 'LocusError');
}

/** A call that failed, as data: what every face renders as an error. */
export interface Failure {
  ok: false;
  error: ErrorData;
}

/** A result, or the failure a thrown LocusError became. */
export type Outcome<T> = T | Failure;

/** Runs `run` and turns a thrown LocusError into a `Failure`; anything else is a bug and propagates. */
export async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return await run();
  } catch (error) {
    if (isLocusError(error)) return { ok: false, error: error.toData() };
    throw error;
  }
}

/** Any thrown value as a LocusError: errno failures of file access get their code, the rest is INTERNAL. */
export function toLocusError(error: unknown): LocusError {
  if (isLocusError(error)) return error;
  const errno = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (errno === 'EACCES' || errno === 'EPERM')
    return new LocusError('NOT_READABLE', message.slice(0, 500), {
      hint: 'Check the file permissions.',
      cause: error,
    });
  if (errno === 'ENOENT') return new LocusError('FILE_NOT_FOUND', message.slice(0, 500), { cause: error });
  return new LocusError('INTERNAL', `Internal error: ${message.slice(0, 500)}`, {
    hint: 'This is a bug in Locus; please report it with the command that caused it.',
    cause: error,
  });
}
