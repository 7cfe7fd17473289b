/**
 * The documentation in docs/ stays true: every locate-string example runs and lands where the doc says, every
 * configuration key of the JSON Schema is documented, and every MCP tool is described.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../src/config/index.js';
import { LineIndex } from '../../src/core/line-index.js';
import { TOOLS } from '../../src/mcp/tools/index.js';
import { createLocator, type Locator } from '../../src/ops/locating/locator.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const doc = (name: string): string => readFileSync(path.join(REPO, 'docs', name), 'utf8');

interface Example {
  root: string;
  locate: string;
  anchor: string;
}

/** `Workspace \`dir\`:` headings followed by `- \`locate\` → \`text with <|>\` — note` lines. */
function examples(): Example[] {
  const found: Example[] = [];
  let root: string | undefined;
  for (const line of doc('locate-strings.md').split('\n')) {
    const heading = /^Workspace `([^`]+)`:$/.exec(line);
    if (heading) root = heading[1];
    const example = /^- `([^`]+)` → `([^`]+)`/.exec(line);
    if (example && root !== undefined)
      found.push({ root, locate: example[1] ?? '', anchor: (example[2] ?? '').replaceAll('\\n', '\n') });
  }
  return found;
}

const locators = new Map<string, Locator>();
afterAll(async () => {
  for (const locator of locators.values()) await locator.close();
});

describe('docs/locate-strings.md examples', () => {
  const all = examples();
  it('has examples for several workspaces', () => {
    expect(all.length).toBeGreaterThan(15);
    expect(new Set(all.map((e) => e.root)).size).toBeGreaterThan(2);
  });

  it.each(all.map((e) => [e.locate, e] as const))('%s', async (_name, example) => {
    const root = path.join(REPO, example.root);
    let locator = locators.get(root);
    if (locator === undefined) {
      locator = createLocator({ root });
      locators.set(root, locator);
    }
    const result = await locator.locate(example.locate);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const text = readFileSync(path.join(root, result.file_path), 'utf8');
    const marker = example.anchor.indexOf('<|>');
    const pattern = example.anchor.replace('<|>', '');
    const first = text.indexOf(pattern);
    expect(first, `anchor ${JSON.stringify(example.anchor)} in ${result.file_path}`).toBeGreaterThanOrEqual(
      0,
    );
    expect(text.indexOf(pattern, first + 1), 'anchor must be unique').toBe(-1);
    expect(result.position).toEqual(new LineIndex(text).toPosition(first + marker));
  });
});

describe('docs/configuration.md', () => {
  it('documents every key of the JSON Schema', () => {
    const text = doc('configuration.md');
    const schema = configJsonSchema() as {
      properties: Record<string, unknown>;
    };
    const languages = schema.properties.languages as { additionalProperties: { properties: object } };
    const keys = [
      ...Object.keys(schema.properties),
      ...Object.keys(languages.additionalProperties.properties),
    ];
    const missing = keys.filter((key) => !text.includes(`\`${key}\``));
    expect(missing).toEqual([]);
  });
});

describe('docs/mcp.md', () => {
  it('describes every tool', () => {
    const text = doc('mcp.md');
    const missing = TOOLS.map((tool) => tool.name).filter((name) => !text.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
