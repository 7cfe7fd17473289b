/**
 * `locus check [FILE|-] [--root DIR]`: JSON Lines in, JSON Lines out, one process for any number of
 * lines. Every non-blank line is answered, in order, with its `id` echoed; malformed lines get an
 * INVALID_LOCATE answer with `"id": null` (docs/operations.md, "Command line").
 */
import { createReadStream, openSync, statSync, type ReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isLocusError, LocusError, toLocusError } from '../../core/errors.js';
import { clip, limitExceeded } from '../../core/limits.js';
import type { LocateInput, Locator } from '../../ops/locating/locator.js';
import { EXIT, out, type CliIo } from '../io.js';
import { boundedLines } from '../line-reader.js';
import type { CommandSpec } from '../command.js';
import { withLocator } from '../with-workspace.js';

/** The check command. */
export const checkCommand: CommandSpec = {
  name: 'check',
  usage: 'locus check [FILE|-] [--root DIR]   (JSON Lines: {"locate": "...", "range"?: true, "id"?: any})',
  summary: 'Validate and resolve many locate strings offline (JSON Lines in and out).',
  options: {},
  async run(context) {
    const { positionals, io } = context;
    const source = positionals[0] ?? '-';
    // A missing or unreadable input file is thrown: the CLI reports it as text or JSON, exit 2.
    const opened = source === '-' ? io.stdin() : openInput(io, source);
    if (isLocusError(opened)) throw opened;
    return withLocator(context, (locator) => answerLines(io, locator, opened), {
      outlineCache: false,
      warnings: false,
    });
  },
};

/** Answers every line of `input` in order. */
async function answerLines(io: CliIo, locator: Locator, input: Readable): Promise<number> {
  const max = locator.workspace.limits.maxCheckLineBytes;
  for await (const line of boundedLines(input, max)) {
    if (line.kind === 'oversized') {
      const error = limitExceeded('maxCheckLineBytes', 'The request line length in bytes', line.bytes, max);
      out(io, JSON.stringify({ ok: false, error: error.toData(), id: null }));
    } else if (line.text.trim() !== '') out(io, JSON.stringify(await safeAnswer(locator, line.text)));
  }
  return EXIT.ok;
}

/**
 * The request file, checked first so a missing or unreadable one is a coded answer, not a stream error.
 * `details.argument`: the command line named it, so it exits 2 (docs/operations.md, "Exit codes").
 */
function openInput(io: CliIo, source: string): ReadStream | LocusError {
  // Relative to the caller's folder, as a shell path is.
  const file = path.resolve(io.cwd, source);
  try {
    if (statSync(file).isDirectory())
      return new LocusError('INVALID_ARGUMENT', `${clip(source)} is a directory, not a JSON Lines file.`, {
        hint: 'Pass a JSON Lines file, or `-` (the default) to read standard input.',
        details: { argument: 'FILE' },
      });
    return createReadStream(file, { fd: openSync(file, 'r') });
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const readable = code !== 'EACCES' && code !== 'EPERM';
    return new LocusError(
      readable ? 'FILE_NOT_FOUND' : 'NOT_READABLE',
      `The input file ${clip(source)} ${readable ? 'does not exist' : 'cannot be read'}.`,
      {
        hint: 'Pass a JSON Lines file, or `-` (the default) to read standard input.',
        cause,
        details: { argument: 'FILE' },
      },
    );
  }
}

function invalid(message: string, id: unknown): Record<string, unknown> {
  const error = new LocusError('INVALID_LOCATE', message, {
    hint: 'Each line is a JSON object: {"locate": "path:scope@find" or {object form}, "range"?: true, "id"?: any}.',
  });
  return { ok: false, error: error.toData(), id };
}

/** answer, with any unexpected failure turned into that line's coded error: the stream goes on. */
async function safeAnswer(locator: Locator, line: string): Promise<Record<string, unknown>> {
  try {
    return await answer(locator, line);
  } catch (error) {
    return { ok: false, error: toLocusError(error).toData(), id: null };
  }
}

/** Answers one input line. */
export async function answer(locator: Locator, line: string): Promise<Record<string, unknown>> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return invalid('This line is not valid JSON.', null);
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return invalid('Each line must be a JSON object.', null);
  const { locate, range, id = null } = request as Record<string, unknown>;
  if (range !== undefined && typeof range !== 'boolean') return invalid('"range" must be true or false.', id);
  if (
    typeof locate !== 'string' &&
    (typeof locate !== 'object' || locate === null || Array.isArray(locate))
  ) {
    return invalid('"locate" must be a locate string or a locate object.', id);
  }
  // An object of any shape: the locator validates it (validateLocate) and answers with a coded error.
  const result = await locator.locate(locate as LocateInput, { range: range === true });
  return { ...result, id };
}
