/**
 * `locus check [FILE|-] [--root DIR]`: JSON Lines in, JSON Lines out, one process for any number of
 * lines. Every non-blank line is answered, in order, with its `id` echoed; malformed lines get an
 * INVALID_LOCATE answer with `"id": null` (docs/operations.md, "Command line").
 */
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { LocusError } from '../../core/errors.js';
import { createLocator, type Locator } from '../../ops/locator.js';
import { EXIT, out } from '../io.js';
import type { CommandSpec } from '../command.js';

/** The check command. */
export const checkCommand: CommandSpec = {
  name: 'check',
  usage: 'locus check [FILE|-] [--root DIR]   (JSON Lines: {"locate": "...", "range"?: true, "id"?: any})',
  summary: 'Validate and resolve many locate strings offline (JSON Lines in and out).',
  options: {},
  async run({ positionals, root }) {
    const source = positionals[0] ?? '-';
    if (source !== '-') checkInputFile(source);
    const input = source === '-' ? process.stdin : createReadStream(source);
    const locator = createLocator({ root });
    try {
      const lines = createInterface({ input, crlfDelay: Infinity });
      for await (const line of lines) {
        if (line.trim() === '') continue;
        out(JSON.stringify(await answer(locator, line)));
      }
    } finally {
      await locator.close();
    }
    return EXIT.ok;
  },
};

/** A missing or unreadable input file is the caller's mistake: a coded error, exit 2. */
function checkInputFile(source: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(source).isDirectory();
  } catch {
    throw new LocusError('FILE_NOT_FOUND', `The input file ${source} does not exist.`, {
      hint: 'Pass an existing JSON Lines file, or - (the default) to read standard input.',
      details: { argument: 'FILE' },
    });
  }
  if (isDirectory)
    throw new LocusError('INVALID_ARGUMENT', `The input ${source} is a directory.`, {
      hint: 'Pass a JSON Lines file, or - (the default) to read standard input.',
      details: { argument: 'FILE' },
    });
}

function invalid(message: string, id: unknown): Record<string, unknown> {
  const error = new LocusError('INVALID_LOCATE', message, {
    hint: 'Each line is a JSON object: {"locate": "path:scope@find" or {object form}, "range"?: true, "id"?: any}.',
  });
  return { ok: false, error: error.toData(), id };
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
  const result = await locator.locate(locate as string | Record<string, unknown>, { range: range === true });
  return { ...result, id };
}
