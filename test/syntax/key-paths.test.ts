/**
 * Key paths of data files (docs/locate-strings.md, "Key paths"): every key and element of the JSON, YAML and TOML
 * samples is described by `describe` as its key path (quoted where a key is no plain segment, `[K]` only for
 * same-path keys of several YAML documents), and that locate string resolves back to the key; the paths an agent
 * writes for well-known config files resolve to the right place.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeOffset } from '../../src/locate/describe.js';
import { parseLocate } from '../../src/locate/locate-string.js';
import { flattenOutline } from '../../src/locate/outline.js';
import { fileView } from '../../src/locate/resolve-core.js';
import { resolveLocate } from '../../src/locate/resolver.js';
import { formatSymbolPath } from '../../src/locate/symbol-path.js';
import { extractOutline } from '../../src/syntax/outline.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

async function viewOf(language: string, file: string, text: string) {
  return fileView(file, text, await extractOutline(language, text));
}

function resolveBack(view: Awaited<ReturnType<typeof viewOf>>, locate: string): number {
  const result = resolveLocate(view, parseLocate(locate, { exists: (p) => p === view.filePath }), 'position');
  if (!result.ok) throw new Error(`${locate}: ${result.error.message}`);
  return view.lines.toOffset(result.position);
}

describe('every key path round-trips through describe', () => {
  for (const [language, sample] of [
    ['json', 'sample.json'],
    ['yaml', 'sample.yml'],
    ['toml', 'sample.toml'],
  ] as const) {
    it(`${language}: ${sample}`, async () => {
      const text = readFileSync(path.join(FIXTURES, language, 'outline', sample), 'utf8');
      const view = await viewOf(language, sample, text);
      const symbols = flattenOutline(view.outline?.symbols ?? []);
      expect(symbols.length).toBeGreaterThan(20);
      for (const symbol of symbols) {
        const description = describeOffset(view, symbol.nameSpan.start);
        expect(description.exact).toBe(true);
        // the symbol's own path (quoted where needed), `[K]` only where the path repeats
        expect(description.locate.replace(/\[\d+\]$/, '')).toBe(`${sample}:${formatSymbolPath(symbol.path)}`);
        expect(resolveBack(view, description.locate)).toBe(symbol.nameSpan.start);
      }
    });
  }
});

describe('the key paths agents write', () => {
  const cases: [string, string, string, string, string][] = [
    // [language, file, text, locate, text at the resolved position]
    [
      'json',
      'package.json',
      '{\n  "scripts": { "test": "vitest run" }\n}\n',
      'package.json:scripts.test',
      'test"',
    ],
    [
      'json',
      'package.json',
      '{ "devDependencies": { "@types/node": "20" } }',
      'package.json:devDependencies."@types/node"@"<|>20"',
      '20"',
    ],
    [
      'yaml',
      '.github/workflows/ci.yml',
      'jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n',
      '.github/workflows/ci.yml:jobs.test.runs-on',
      'runs-on:',
    ],
    [
      'yaml',
      '.github/workflows/ci.yml',
      'jobs:\n  test:\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n',
      '.github/workflows/ci.yml:jobs.test.steps.1.run',
      'run: npm',
    ],
    ['toml', 'Cargo.toml', '[dependencies]\nserde = "1"\n', 'Cargo.toml:dependencies.serde', 'serde ='],
    [
      'toml',
      'Cargo.toml',
      '[dependencies.serde]\nversion = "1"\n',
      'Cargo.toml:dependencies.serde.version',
      'version =',
    ],
    [
      'toml',
      'pyproject.toml',
      '[project]\nname = "x"\n\n[tool.ruff]\nline-length = 100\n',
      'pyproject.toml:tool.ruff.line-length',
      'line-length',
    ],
    ['yaml', 'k8s.yml', 'kind: A\n---\nkind: B\n', 'k8s.yml:kind[1]', 'kind: B'],
  ];
  it.each(cases)('%s: %s', async (language, file, text, locate, expected) => {
    const view = await viewOf(language, file, text);
    expect(text.slice(resolveBack(view, locate))).toMatch(new RegExp(`^${escape(expected)}`));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
