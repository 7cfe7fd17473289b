/**
 * `locus calls <locate> --incoming|--outgoing [--depth N]` and `locus types <locate> --supertypes|--subtypes
 * [--depth N]`: call and type hierarchy.
 */
import type { HierarchyDirection } from '../../core/operation-kinds.js';
import { renderHierarchy } from '../../render/hierarchy.js';
import type { CommandContext, CommandSpec } from '../command.js';
import { report, UsageError } from '../io.js';
import { withLocus } from '../with-workspace.js';

function direction(
  values: CommandContext['values'],
  choices: [HierarchyDirection, HierarchyDirection],
): HierarchyDirection {
  const given = choices.filter((c) => values[c] === true);
  if (given.length !== 1) throw new UsageError(`give exactly one of --${choices[0]} or --${choices[1]}.`);
  return given[0] as HierarchyDirection;
}

function depthOf(raw: string | boolean | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError('--depth takes a whole number >= 1.');
  return Number(raw);
}

function hierarchyCommand(
  name: string,
  summary: string,
  choices: [HierarchyDirection, HierarchyDirection],
): CommandSpec {
  return {
    name,
    usage: `locus ${name} <locate> --${choices[0]}|--${choices[1]} [--depth N] [--json]`,
    summary,
    options: {
      [choices[0]]: { type: 'boolean' },
      [choices[1]]: { type: 'boolean' },
      depth: { type: 'string' },
    },
    async run(context) {
      const { positionals, values, json, io } = context;
      if (positionals.length !== 1) throw new UsageError(`${name} takes 1 argument(s).`);
      const chosen = direction(values, choices);
      const depth = depthOf(values.depth);
      return withLocus(context, async (locus) =>
        report(io, await locus.hierarchy(positionals[0] as string, chosen, depth), json, renderHierarchy),
      );
    },
  };
}

/** calls and types */
export const hierarchyCommands: CommandSpec[] = [
  hierarchyCommand(
    'calls',
    'Callers (--incoming) or callees (--outgoing) of the located function, with call sites.',
    ['incoming', 'outgoing'],
  ),
  hierarchyCommand('types', 'Supertypes or subtypes of the located type.', ['supertypes', 'subtypes']),
];
