/** The `definition` tool: where the symbol at a position is defined (or declared, typed, implemented). */
import { z } from 'zod';
import type { DefinitionKind } from '../../core/operation-kinds.js';
import { renderDefinition } from '../../render/locations.js';
import { OUTPUT } from '../output-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { locateArg, detailArg, detailOf } from '../schemas.js';
import { defineTool, READ_ONLY } from '../tool-spec.js';

const MODES: Record<string, DefinitionKind> = {
  definition: 'definition',
  declaration: 'declaration',
  type_definition: 'typeDefinition',
  implementation: 'implementation',
};

export const definitionTool = defineTool({
  name: 'definition',
  title: 'Go to definition',
  description:
    'Ask the language server where the symbol at the located position is defined. Each target comes with its kind, enclosing symbol, the source line and a locate string to pass to the next call. Point at a use of the symbol, e.g. `src/cart.py:Cart.total@return <|>add_tax(`.',
  inputSchema: {
    locate: locateArg('position'),
    detail: detailArg,
    mode: z
      .enum(['definition', 'declaration', 'type_definition', 'implementation'])
      .optional()
      .describe(
        'definition (default); declaration (e.g. a C prototype); type_definition (the type of the expression); implementation (implementations of an interface or abstract method).',
      ),
  },
  outputSchema: OUTPUT.definition,
  annotations: READ_ONLY,
  run: async (locus, { locate, mode, detail }, call) =>
    respond(
      await locus.definition(locate, { ...call, mode: MODES[mode ?? 'definition'] ?? 'definition' }),
      'definition',
      (ok, word) => renderDefinition(ok, word, detailOf(detail)),
      compactUnless(detail, COMPACT.definition),
    ),
});
