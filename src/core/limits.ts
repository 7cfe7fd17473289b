/**
 * Input limits (docs/security.md): every input an agent or a workspace controls has a bound, and
 * going over it is a LIMIT_EXCEEDED error naming the limit, never unbounded work.
 */
import { LocusError } from './errors.js';

/** The configurable limits (config key `limits` in `locus.config.json`). */
export interface Limits {
  /** Characters in a locate string (or a locate object's path + find). */
  maxLocateLength: number;
  /** Characters in a find text. */
  maxFindLength: number;
  /** `@` characters in a locate string (each one is a possible path/find split to try). */
  maxAtSigns: number;
  /** Bytes of one JSON Lines request in `locus check`. */
  maxCheckLineBytes: number;
  /** Bytes of a file Locus reads (checked with `fstat` before reading). */
  maxFileBytes: number;
  /** Characters of the new text of one `edit` (each of its requests). */
  maxEditLength: number;
}

/** Defaults, chosen far above any hand-written input. */
export const DEFAULT_LIMITS: Limits = {
  maxLocateLength: 16 * 1024,
  maxFindLength: 8 * 1024,
  maxAtSigns: 64,
  maxCheckLineBytes: 1024 * 1024,
  maxFileBytes: 32 * 1024 * 1024,
  maxEditLength: 1024 * 1024,
};

/**
 * The highest value each limit may be configured to, even by a trusted config (the schema refuses more): past
 * these an input costs more time or memory than any answer is worth, and V8 cannot hold a string of much more than
 * 512 Mi characters anyway. A workspace config that is not trusted may only lower a limit (docs/security.md).
 */
export const LIMIT_CEILINGS: Limits = {
  maxLocateLength: 1024 * 1024,
  maxFindLength: 1024 * 1024,
  maxAtSigns: 1024,
  maxCheckLineBytes: 64 * 1024 * 1024,
  maxFileBytes: 256 * 1024 * 1024,
  maxEditLength: 64 * 1024 * 1024,
};

/** Names of the limits, for validation of the config key. */
export const LIMIT_KEYS = Object.keys(DEFAULT_LIMITS) as (keyof Limits)[];

/** Marker levels deeper than this are refused (`<`×k `|` `>`×k); fixed, not configurable. */
export const MAX_MARKER_DEPTH = 10;

/** Longest stretch of caller text quoted in an error message. */
export const MAX_QUOTED_CHARS = 160;

/** `text` shortened in the middle to `max` characters, with the dropped count shown. */
export function clip(text: string, max = MAX_QUOTED_CHARS): string {
  if (text.length <= max) return text;
  const keep = Math.max(8, max - 24);
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  return `${text.slice(0, head)}…[${text.length - keep} chars]…${text.slice(text.length - tail)}`;
}

/** The LIMIT_EXCEEDED error for `limit`, with the actual size and how to raise it when it is configurable. */
export function limitExceeded(
  limit: keyof Limits | 'maxMarkerDepth' | 'maxMessageBytes' | 'maxEdits',
  what: string,
  actual: number,
  max: number,
): LocusError {
  const configurable = (LIMIT_KEYS as string[]).includes(limit);
  return new LocusError('LIMIT_EXCEEDED', `${what} is ${actual}, over the limit of ${max} (${limit}).`, {
    hint: configurable
      ? `Shorten the input, or raise \`limits.${limit}\` in locus.config.json.`
      : 'Shorten the input.',
    details: { limit, actual, max },
  });
}
