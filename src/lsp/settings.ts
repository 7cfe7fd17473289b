/** Lookup of `workspace/configuration` sections in a settings object. */
import { isPlainObject } from './config.js';

/** The value at a dotted section (`python.analysis`) of the settings, the whole object for no section, else null. */
export function lookupSection(settings: unknown, section: string | undefined): unknown {
  if (section === undefined || section === '') return settings ?? null;
  let value: unknown = settings;
  for (const part of section.split('.')) {
    if (!isPlainObject(value) || !Object.hasOwn(value, part)) return null;
    value = value[part];
  }
  return value ?? null;
}
