/**
 * Output schemas of the analysis tools (diagnostics, call and type hierarchy). Loose objects with optional
 * success fields and both shapes stated for the client, like output-schemas.ts (`answer`, output-schema-parts.ts).
 */
import { z } from 'zod';
import { answer } from './output-schema-parts.js';

const error = z.looseObject({ code: z.string(), message: z.string(), hint: z.string().optional() });
const counts = z.looseObject({
  error: z.number(),
  warning: z.number(),
  information: z.number(),
  hint: z.number(),
});
const place = z.looseObject({
  file_path: z.string().optional(),
  display: z.string(),
  snippet: z.string().optional(),
  locate: z.string().optional().describe('A locate string that resolves back to this place.'),
});

/** Output schemas of the analysis tools. */
export const ANALYSIS_OUTPUT = {
  diagnostics: answer(
    z.looseObject({
      ok: z.boolean(),
      error: error.optional(),
      totals: counts.extend({ files: z.number(), diagnostics: z.number() }).optional(),
      files: z
        .array(
          z.looseObject({
            file_path: z.string(),
            counts,
            mode: z.enum(['pulled', 'pushed']),
            waited_ms: z.number(),
            settled: z.boolean(),
          }),
        )
        .optional(),
      diagnostics: z
        .array(place.extend({ severity: z.string(), message: z.string(), code: z.string().optional() }))
        .optional(),
      page: z.number().optional(),
      pages: z.number().optional(),
      page_size: z.number().optional(),
    }),
    ['totals', 'files', 'diagnostics', 'page', 'pages', 'page_size'],
  ),
  hierarchy: answer(
    z.looseObject({
      ok: z.boolean(),
      error: error.optional(),
      direction: z.string().optional(),
      depth: z.number().optional(),
      total: z.number().optional(),
      source: z
        .literal('implementations')
        .optional()
        .describe('The server has no type hierarchy: read from implementations and class headers.'),
      items: z
        .array(
          z.looseObject({
            name: z.string(),
            kind: z.string(),
            place,
            children: z.array(z.unknown()).optional().describe('Compact: only when it has some.'),
          }),
        )
        .optional(),
    }),
    ['direction', 'depth', 'total', 'items'],
  ),
} as const;

/** The verify/force arguments of the editing tools. */
export const verifyArgs = {
  verify: z
    .boolean()
    .optional()
    .describe(
      'Report the errors the edit would introduce, checked by the language servers on the unsaved text (default false; slower).',
    ),
  force: z
    .boolean()
    .optional()
    .describe('With apply: true, write despite blocking safety warnings or new errors (else UNSAFE_EDIT).'),
};

/** Library verify options from the tool arguments. */
export function verifyOptions(
  verify: boolean | undefined,
  force: boolean | undefined,
  verifyByDefault: boolean,
): { verify?: boolean; force?: boolean } {
  return {
    ...((verify ?? verifyByDefault) ? { verify: true } : {}),
    ...(force === true ? { force: true } : {}),
  };
}
