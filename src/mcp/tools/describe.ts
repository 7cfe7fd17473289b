/** The `describe` tool: reverse positioning, a position to the shortest locate string. */
import { z } from 'zod';
import { LocusError } from '../../core/errors.js';
import type { DescribeResult, DescribeTarget } from '../../ops/locating/locator.js';
import { codeSpan } from '../../render/markdown.js';
import { OUTPUT } from '../output-schemas.js';
import { respond } from '../result.js';
import { defineTool, READ_ONLY, signalOf } from '../tool-spec.js';

type DescribeSuccess = Extract<DescribeResult, { ok: true }>;

const whole = (minimum: number, description: string) => z.number().int().min(minimum).describe(description);

export const describeTool = defineTool({
  name: 'describe',
  title: 'Describe a position',
  description:
    'Give the shortest locate string for a position you know by line and column (from a compiler error, a stack trace, grep -n output …), so you can pass it to the other tools. Give line and column (1-based, as editors show them), or position (0-based LSP).',
  inputSchema: {
    file_path: z.string().describe('File relative to the workspace root.'),
    line: whole(1, 'Line, 1-based. Use with column.').optional(),
    column: whole(1, 'Column, 1-based, counted in characters (code points). Use with line.').optional(),
    position: z
      .object({
        line: whole(0, '0-based line.'),
        character: whole(0, '0-based character, UTF-16 code units.'),
      })
      .optional()
      .describe('Instead of line/column: an LSP position (0-based).'),
  },
  outputSchema: OUTPUT.describe,
  annotations: READ_ONLY,
  run: async (locus, { file_path, line, column, position }, call) => {
    const target = describeTarget(line, column, position);
    return respond(await locus.describe(file_path, target, signalOf(call)), 'describe', renderDescribe);
  },
});

function describeTarget(
  line: number | undefined,
  column: number | undefined,
  position: { line: number; character: number } | undefined,
): DescribeTarget {
  const display = line !== undefined || column !== undefined;
  if (display === (position !== undefined) || (display && (line === undefined || column === undefined))) {
    throw new LocusError(
      'INVALID_LOCATE',
      'Give either line and column, or position — not both, not neither.',
      {
        hint: 'Example: {"file_path": "src/a.py", "line": 42, "column": 9} (1-based, as editors show them).',
      },
    );
  }
  return position ? { position } : { line: line as number, column: column as number };
}

/** `locate` → display (in kind path), plus a note when the position could not be named exactly. */
export function renderDescribe(ok: DescribeSuccess): string {
  const symbol = ok.symbol ? ` (in ${ok.symbol.kind} ${ok.symbol.path})` : '';
  const lines = [`${codeSpan(ok.locate)} → ${ok.display}${symbol}`];
  if (!ok.exact)
    lines.push(
      `Note: the position is inside whitespace, which no locate string names exactly; this one lands on ${ok.display}.`,
    );
  return lines.join('\n');
}
