/**
 * hover (docs/operations.md, "What the operations do"): the server's hover text, cleaned: markdown kept, HTML entities decoded,
 * redundant escapes removed.
 */
import type { Hover, MarkedString, MarkupContent } from 'vscode-languageserver-protocol';
import type { OpsContext } from '../context/context.js';
import type { LocateInput } from '../locating/locator.js';
import { askServer, resolveTarget, resultBase } from '../context/target.js';
import type { HoverResult } from '../results/hover.js';
export type { HoverResult } from '../results/hover.js';

/** Runs hover at a located position. */
export async function hover(context: OpsContext, input: LocateInput): Promise<HoverResult> {
  const target = await resolveTarget(context, 'hover', input);
  const answer = await askServer(target, () =>
    target.session.hover(target.loaded.file.absPath, target.loaded.file.text, target.position),
  );
  return {
    ...resultBase(target, answer),
    contents: answer.result ? hoverText(answer.result) : '',
  };
}

/** Flattens hover contents to markdown. */
export function hoverText(hover: Hover): string {
  const parts = Array.isArray(hover.contents) ? hover.contents : [hover.contents];
  return cleanMarkdown(
    parts
      .map(markedToMarkdown)
      .filter((p) => p.trim() !== '')
      .join('\n\n'),
  );
}

function markedToMarkdown(part: MarkedString | MarkupContent): string {
  if (typeof part === 'string') return part;
  if ('kind' in part) return part.value;
  return `\`\`\`${part.language}\n${part.value}\n\`\`\``;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * Decodes HTML entities, drops escapes that change nothing in markdown (`\_`, `\.`, `\(` mid-line; never in fences)
 * and images inlined as `data:` URIs (the CSS server's 1.5 KB browser-support icon: nothing an agent can read).
 */
export function cleanMarkdown(text: string): string {
  return text
    .replace(/!\[[^\]\n]{0,200}\]\(data:[^)\s]*\) ?/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (whole, name: string) => {
      if (ENTITIES[name] !== undefined) return ENTITIES[name] as string;
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return whole;
    })
    .replace(/(?<!^)\\([_.\-(){}!=])/gm, (whole, char: string, offset: number, all: string) =>
      insideFence(all, offset) ? whole : char,
    )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function insideFence(text: string, offset: number): boolean {
  return (text.slice(0, offset).match(/^```/gm) ?? []).length % 2 === 1;
}
