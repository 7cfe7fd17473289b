/** The `call_hierarchy` and `type_hierarchy` tools. */
import { z } from 'zod';
import { MAX_HIERARCHY_DEPTH } from '../../ops/analysis/hierarchy.js';
import { renderHierarchy } from '../../render/hierarchy.js';
import { ANALYSIS_OUTPUT } from '../analysis-schemas.js';
import { compactUnless, respond } from '../result.js';
import { COMPACT } from '../compact-data.js';
import { detailArg, detailOf, locateArg } from '../schemas.js';
import { defineTool, READ_ONLY } from '../tool-spec.js';

const depth = z
  .number()
  .int()
  .min(1)
  .max(MAX_HIERARCHY_DEPTH)
  .optional()
  .describe(`How many levels to walk (default 1, at most ${MAX_HIERARCHY_DEPTH}).`);

/** call_hierarchy */
export const callHierarchyTool = defineTool({
  name: 'call_hierarchy',
  title: 'Call hierarchy',
  description:
    'Callers (direction incoming) or callees (outgoing) of the function or method at the located position, walked to a depth; each item has its kind, place and locate string, and the call sites with their source lines. Servers without call hierarchy answer CAPABILITY_MISSING with what to use instead (references).',
  inputSchema: {
    locate: locateArg('position'),
    direction: z.enum(['incoming', 'outgoing']).describe('incoming: who calls it; outgoing: what it calls.'),
    depth,
    detail: detailArg,
  },
  outputSchema: ANALYSIS_OUTPUT.hierarchy,
  annotations: READ_ONLY,
  run: async (locus, { locate, direction, depth: levels, detail }) =>
    respond(
      await locus.hierarchy(locate, direction, levels),
      'call_hierarchy',
      (ok, word) => renderHierarchy(ok, word, detailOf(detail)),
      compactUnless(detail, COMPACT.hierarchy),
    ),
});

/** type_hierarchy */
export const typeHierarchyTool = defineTool({
  name: 'type_hierarchy',
  title: 'Type hierarchy',
  description:
    'Supertypes or subtypes of the class, struct or interface at the located position, walked to a depth; each item with its kind, place and locate string. A server without type hierarchy is answered from implementations and class headers (the answer says so).',
  inputSchema: {
    locate: locateArg('position'),
    direction: z
      .enum(['supertypes', 'subtypes'])
      .describe('supertypes: what it extends; subtypes: what extends it.'),
    depth,
    detail: detailArg,
  },
  outputSchema: ANALYSIS_OUTPUT.hierarchy,
  annotations: READ_ONLY,
  run: async (locus, { locate, direction, depth: levels, detail }) =>
    respond(
      await locus.hierarchy(locate, direction, levels),
      'type_hierarchy',
      (ok, word) => renderHierarchy(ok, word, detailOf(detail)),
      compactUnless(detail, COMPACT.hierarchy),
    ),
});
