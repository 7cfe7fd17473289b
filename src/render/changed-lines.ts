/**
 * The compact form of a diff (docs/mcp.md, "Compact answers"): only the lines an edit removes and adds, numbered
 * as in the file before (removed) and after (added), grouped by file. No context lines and no headers, so a
 * rename of 40 uses costs 80 short lines instead of 40 hunks of seven.
 */

/**
 * The changed lines of a unified diff, at most `max`; `more` counts the ones left out. `addedOnly`: only the lines
 * as they will read (a rename's removed lines differ from them only by the old name).
 */
export function changedLines(
  diff: string,
  max: number,
  addedOnly = false,
): { lines: string[]; more: number } {
  const lines: string[] = [];
  let more = 0;
  let oldLine = 0;
  let newLine = 0;
  let removedFrom = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('--- ')) removedFrom = line.slice(4).replace(/^a\//, '');
    else if (line.startsWith('+++ ')) {
      const added = line.slice(4).replace(/^b\//, '');
      if (lines.length < max) lines.push(added === '/dev/null' ? removedFrom : added);
    } else if (line.startsWith('@@')) {
      const numbers = /^@@ -(\d+)(?:,\d+)? \+(\d+)/.exec(line);
      oldLine = Number(numbers?.[1] ?? 0);
      newLine = Number(numbers?.[2] ?? 0);
    } else if (line.startsWith('-') || line.startsWith('+')) {
      const removed = line.startsWith('-');
      if (!(removed && addedOnly)) {
        if (lines.length < max) lines.push(`  ${removed ? oldLine : newLine}${line[0]} ${line.slice(1)}`);
        else more++;
      }
      if (removed) oldLine++;
      else newLine++;
    } else if (line.startsWith(' ')) {
      oldLine++;
      newLine++;
    }
  }
  return { lines, more };
}
