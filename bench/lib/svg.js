/**
 * A hand-written SVG chart of latency distributions: one row per sample set, grouped, on a log-scale time axis;
 * whisker min–max, box p25–p75, a bold median and a tick at p99, with the docs/performance.md targets as dashed lines.
 */
import { summarize } from './stats.js';

const TARGETS = [
  [0.2, 'warm p50 0.2 ms'],
  [2, '2 ms'],
  [15, 're-locate 15 ms'],
  [250, 'cold 250 ms'],
];

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function axis(lo, hi) {
  const ticks = [];
  for (let e = lo; e <= hi; e++) ticks.push(10 ** e);
  return ticks;
}

function tickLabel(v) {
  if (v < 1) return `${v * 1000} µs`.replace('1000 µs', '1 ms');
  if (v < 1000) return `${v} ms`;
  return `${v / 1000} s`;
}

/**
 * @param {{group:string,label:string,values:number[],series?:string}[]} sets
 * @param {string} title
 */
export function latencyChart(sets, title) {
  const order = [...new Set(sets.map((s) => s.group))];
  const usable = sets
    .filter((s) => s.values.length > 0)
    .sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
  const all = usable.flatMap((s) => s.values).filter((v) => v > 0);
  const lo = Math.floor(Math.log10(Math.min(...all, 0.01)));
  const hi = Math.ceil(Math.log10(Math.max(...all, 1000)));
  const left = 300;
  const width = 1100;
  const plot = width - left - 30;
  const x = (v) => left + ((Math.log10(Math.max(v, 10 ** lo)) - lo) / (hi - lo)) * plot;
  const rowH = 18;
  const parts = [];
  let y = 60;
  let group;
  for (const set of usable) {
    if (set.group !== group) {
      group = set.group;
      y += 10;
      parts.push(`<text x="10" y="${y + 12}" font-weight="bold">${esc(group)}</text>`);
      y += rowH;
    }
    const s = summarize(set.values);
    const mid = y + rowH / 2;
    const label = set.series ? `${set.series} ${set.label}` : set.label;
    parts.push(
      `<text x="20" y="${mid + 4}">${esc(label)} (n=${s.n})</text>`,
      `<line x1="${x(s.min)}" x2="${x(s.max)}" y1="${mid}" y2="${mid}" stroke="#777"/>`,
      `<rect x="${x(s.p25)}" y="${mid - 5}" width="${Math.max(1, x(s.p75) - x(s.p25))}" height="10" fill="#9cc3e6" stroke="#2b6ca3"/>`,
      `<line x1="${x(s.p50)}" x2="${x(s.p50)}" y1="${mid - 7}" y2="${mid + 7}" stroke="#c0392b" stroke-width="2.5"/>`,
      `<line x1="${x(s.p99)}" x2="${x(s.p99)}" y1="${mid - 4}" y2="${mid + 4}" stroke="#333"/>`,
    );
    y += rowH;
  }
  const height = y + 40;
  const grid = axis(lo, hi).map(
    (v) =>
      `<line x1="${x(v)}" x2="${x(v)}" y1="50" y2="${y}" stroke="#ddd"/><text x="${x(v)}" y="${y + 16}" text-anchor="middle">${tickLabel(v)}</text>`,
  );
  const targets = TARGETS.map(
    ([v, name]) =>
      `<line x1="${x(v)}" x2="${x(v)}" y1="50" y2="${y}" stroke="#e67e22" stroke-dasharray="4 3"/><text x="${x(v) + 3}" y="46" fill="#e67e22">${esc(name)}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`,
    `<text x="10" y="36" fill="#555">log scale; whisker min–max, box p25–p75, red = median, black tick = p99; dashed = docs/performance.md targets</text>`,
    ...grid,
    ...targets,
    ...parts,
    '</svg>',
  ].join('\n');
}
