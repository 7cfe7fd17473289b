/** Markdown rendering for the benchmark report: tables and number formatting. */

/**
 * Formats milliseconds with sensible precision (µs for tiny values).
 * @param {number} ms
 */
export function ms(ms) {
  if (ms === undefined || ms === null || Number.isNaN(ms)) return '–';
  if (ms < 0.01) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 100) return `${ms.toFixed(2)} ms`;
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** A ratio like `34×` (one decimal under 10). */
export function ratio(x) {
  if (x === undefined || x === null || !Number.isFinite(x)) return '–';
  return x < 10 ? `${x.toFixed(1)}×` : `${Math.round(x).toLocaleString('en-US')}×`;
}

/** A percentage with one decimal. */
export function pct(part, total) {
  if (!total) return '–';
  return `${((100 * part) / total).toFixed(1)}%`;
}

/** An integer with thousands separators. */
export function int(n) {
  return n === undefined || Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en-US');
}

/** Mebibytes from bytes. */
export function mib(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** ✅ / ❌ / – for a target check (undefined means not measured). */
export function verdict(met) {
  if (met === undefined) return '–';
  return met ? '✅ met' : '❌ missed';
}

/**
 * A markdown table.
 * @param {string[]} head
 * @param {(string|number)[][]} rows
 */
export function table(head, rows) {
  const esc = (cell) => String(cell ?? '').replace(/\|/g, '\\|');
  const lines = [`| ${head.map(esc).join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.map(esc).join(' | ')} |`);
  return lines.join('\n');
}

/** Inline code that survives backticks inside. */
export function code(text) {
  const s = String(text);
  return s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``;
}
