/** Shape checks of parsed JSON (configuration, locate objects, MCP arguments, caches read back). */

/** True for `{…}` objects: not arrays, not null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
