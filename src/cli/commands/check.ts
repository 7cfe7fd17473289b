/**
 * `locus check [FILE|-] [--root DIR]`: JSON Lines in, JSON Lines out, one process for any number of
 * lines. Every non-blank line is answered, in order, with its `id` echoed; malformed lines get an
 * INVALID_LOCATE answer with `"id": null` (docs/operations.md, "Command line").
 */
import { createReadStream, openSync, statSync, type ReadStream } from 'node:fs';
import { isLocusError, LocusError, toLocusError } from '../../core/errors.js';
import { clip, limitExceeded } from '../../core/limits.js';
import { createLocator, type LocateInput, type Locator } from '../../ops/locating/locator.js';
import { err, EXIT, out } from '../io.js';
import { boundedLines } from '../line-reader.js';
import type { CommandSpec } from '../command.js';

/** The check command. */
export const checkCommand: CommandSpec = {
  name: 'check',
  usage: 'locus check [FILE|-] [--root DIR]   (JSON Lines: {"locate": "...", "range"?: true, "id"?: any})',
  summary: 'Validate and resolve many locate strings offline (JSON Lines in and out).',
  options: {},
  async run({ positionals, root, trust }) {
    const source = positionals[0] ?? '-';
    // A missing or unreadable input file is thrown: the CLI reports it as text or JSON, exit 2.
    const opened = source === '-' ? process.stdin : openInput(source);
    if (isLocusError(opened)) throw opened;
    // The config is read as every command reads it: invalid is CONFIG_INVALID (exit 2) before any line.
    const locator = createLocator({ root, ...(trust ? { trust } : {}) });
    for (const warning of locator.configWarnings) err(warning);
    const max = locator.workspace.limits.maxCheckLineBytes;
    try {
      for await (const line of boundedLines(opened, max)) {
        if (line.kind === 'oversized') {
          const error = limitExceeded(
            'maxCheckLineBytes',
            'The request line length in bytes',
            line.bytes,
            max,
          );
          out(JSON.stringify({ ok: false, error: error.toData(), id: null }));
        } else if (line.text.trim() !== '') out(JSON.stringify(await safeAnswer(locator, line.text)));
      }
    } finally {
      await locator.close();
    }
    return EXIT.ok;
  },
};

/**
 * The request file, checked first so a missing or unreadable one is a coded answer, not a stream error.
 * `details.argument`: the command line named it, so it exits 2 (docs/operations.md, "Exit codes").
 */
function openInput(source: string): ReadStream | LocusError {
  try {
    if (statSync(source).isDirectory())
      return new LocusError('INVALID_ARGUMENT', `${clip(source)} is a directory, not a JSON Lines file.`, {
        hint: 'Pass a JSON Lines file, or `-` (the default) to read standard input.',
        details: { argument: 'FILE' },
      });
    return createReadStream(source, { fd: openSync(source, 'r') });
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
