/**
 * The output schemas as `tools/list` shows them: the envelope and the top-level fields only. A client needs the
 * answer's two shapes (`oneOf`: success with its fields, failure with `error`) and what each top-level field is;
 * the nested shapes (a reference, a cursor, an error's details) are the library's result types
 * (src/ops/results/) and docs/mcp.md. Listing them in full made `tools/list` 123 KB, over three times the
 * 40 KB an agent should pay for at every connection (docs/mcp.md, "Tools").
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON type(s) of a schema: its `type`, or those of its `anyOf` branches (`["object", "null"]`). */
function typeOf(schema: Json): unknown {
  if (schema.type !== undefined) return schema.type;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : [];
  const types = [...new Set(branches.map((branch) => branch.type).filter((t) => typeof t === 'string'))];
  return types.length === 1 ? types[0] : types.length > 1 ? types : undefined;
}

/**
 * One top-level field: its type (and enum). Descriptions stay in the zod source: clients validate with output
 * schemas, agents read the markdown. The error keeps its required keys: a failure's shape is the contract.
 */
function field(key: string, schema: unknown): Json {
  if (!isObject(schema)) return {};
  const out: Json = {};
  const type = typeOf(schema);
  if (type !== undefined) out.type = type;
  if (schema.enum !== undefined) out.enum = schema.enum;
  if (key === 'error' && schema.required !== undefined) out.required = schema.required;
  return out;
}

/** The listed form of a tool's output schema (JSON Schema draft 7, as made by `z.toJSONSchema`). */
export function listedOutputSchema(schema: Json): Json {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const out: Json = { type: schema.type };
  out.properties = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, field(key, value)]),
  );
  if (schema.required !== undefined) out.required = schema.required;
  if (schema.oneOf !== undefined) out.oneOf = schema.oneOf;
  return out;
}

/**
 * The listed form of a tool's input schema: as made by `z.toJSONSchema`, without the `maximum` that zod adds to
 * every integer (2^53 - 1 says nothing to an agent and cost 30 bytes each).
 */
export function listedInputSchema(schema: Json): Json {
  return JSON.parse(
    JSON.stringify(schema, (key, value: unknown) =>
      isObject(value) && value.maximum === Number.MAX_SAFE_INTEGER ? { ...value, maximum: undefined } : value,
    ),
  ) as Json;
}
