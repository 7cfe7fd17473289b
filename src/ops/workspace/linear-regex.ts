/**
 * The regular expressions of `search --regex` (docs/security.md, "Linear-time matching"): an agent's pattern runs on
 * RE2's automaton (re2js, loaded on first use), never on V8's backtracking engine, so `(a+)+$` costs what `a+$`
 * costs — time linear in the text, whatever the pattern. RE2 has no lookaround and no backreferences; such a
 * pattern is INVALID_ARGUMENT with a hint, as is any other syntax error.
 */
import { LocusError } from '../../core/errors.js';
import { clip } from '../../core/limits.js';

/** Every match start of a compiled pattern in a text (UTF-16 offsets, like the rest of Locus). */
export type RegexScanner = (text: string) => number[];

/** Compiles `source` (multi-line: `^` and `$` match at line ends). */
export async function compileLinearRegex(source: string): Promise<RegexScanner> {
  const { RE2JS } = await import('re2js');
  let pattern: InstanceType<typeof RE2JS>;
  try {
    pattern = RE2JS.compile(source, RE2JS.MULTILINE);
  } catch (cause) {
    throw new LocusError('INVALID_ARGUMENT', `\`${clip(source)}\` is not a valid regular expression.`, {
      hint: `Regular expressions run on RE2 (JavaScript syntax for classes, groups, quantifiers, \\d \\w \\b; no lookaround, no backreferences): ${(cause as Error).message}`,
      cause,
    });
  }
  return (text) => {
    const offsets: number[] = [];
    const matcher = pattern.matcher(text);
    while (matcher.find()) offsets.push(matcher.start());
    return offsets;
  };
}
