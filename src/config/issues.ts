/** Readable zod issues for configuration errors: one line per problem, with its key path and the known keys. */
import type { z } from 'zod';

/** One line per issue: `- languages.go: unknown key "comand" (known: server, command, …)`. */
export function formatIssues(issues: readonly z.core.$ZodIssue[], schema: z.ZodType): string {
  return issues
    .map((issue) => {
      const where = issue.path.length === 0 ? '(top level)' : issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') {
        const known = knownKeys(schema, issue.path);
        const keys = issue.keys.map((k) => `"${k}"`).join(', ');
        const suffix = known.length > 0 ? ` (known: ${known.join(', ')})` : '';
        return `- ${where}: unknown key ${keys}${suffix}`;
      }
      return `- ${where}: ${issue.message}`;
    })
    .join('\n');
}

/** The keys an object (or the key enum of a record) accepts at a path of the schema. */
export function knownKeys(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let node: unknown = schema;
  for (const segment of path) {
    node = unwrap(node);
    const def = defOf(node);
    if (def?.shape !== undefined) node = def.shape[String(segment)];
    else if (def?.valueType !== undefined) node = def.valueType;
    else return [];
  }
  const def = defOf(unwrap(node));
  if (def?.shape !== undefined) return Object.keys(def.shape);
  const keyDef = defOf(def?.keyType);
  return keyDef?.entries !== undefined ? Object.keys(keyDef.entries) : [];
}

interface Def {
  type?: string;
  shape?: Record<string, unknown>;
  keyType?: unknown;
  valueType?: unknown;
  entries?: Record<string, unknown>;
  innerType?: unknown;
}

function defOf(node: unknown): Def | undefined {
  return (node as { _zod?: { def?: Def } } | undefined)?._zod?.def;
}

function unwrap(node: unknown): unknown {
  let current = node;
  while (defOf(current)?.innerType !== undefined) current = defOf(current)?.innerType;
  return current;
}
