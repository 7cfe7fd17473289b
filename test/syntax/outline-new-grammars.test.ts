/**
 * Outlines of the grammars added for data files, the web and more languages (docs/languages.md): each
 * `test/fixtures/<lang>/outline/sample.*` against its golden, with no syntax errors, and a few full/name ranges
 * per language (positions from `<|>` anchors), plus small inline sources for rules the samples do not show.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractOutline } from '../../src/syntax/outline.js';
import { expectGoldenOutline } from '../helpers/golden-outline.js';
import { checkInlineRules, expectRange, type RangeCheck } from '../helpers/outline-ranges.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

const CASES: Record<string, RangeCheck[]> = {
  json: [
    { path: 'scripts.test', name: 'test', full: '<|>"test": "vitest run"<|>' },
    { path: 'scripts."lint:fix"', name: 'lint:fix' },
    { path: 'dependencies."@types/node"', name: '@types/node' },
    { path: 'contributors.1', full: '<|>{ "name": "Lin" }<|>', name: '{' },
    { path: 'files.1', name: '"dist"' },
    { path: '"weird keys"."say \\"hi\\""', name: 'say \\"hi\\"' },
  ],
  yaml: [
    { path: 'jobs.test.runs-on', full: '<|>runs-on: ubuntu-latest<|>' },
    { path: 'jobs.test.steps.1', from: '<|>- name: Run tests', to: 'npm test<|>\n      -' },
    { path: 'jobs.test.steps.1.run', name: 'run' },
    { path: 'on.push.branches.1', name: "'release/*'" },
    { path: '"quoted key"', name: 'quoted key' },
    { path: '"single \'quoted\'"', name: "single ''quoted''" },
  ],
  toml: [
    { path: 'tool.ruff', name: 'ruff', from: '<|>[tool.ruff]', to: 'select = ["E", "F"]<|>' },
    { path: 'tool.ruff.line-length', full: '<|>line-length = 100<|>' },
    { path: 'tool.ruff.lint.select', name: 'select' },
    { path: 'dependencies.serde.features.0', name: '"derive"' },
    { path: 'dependencies."quoted.key"', name: 'quoted.key' },
    { path: 'bin.1', name: 'bin', full: '<|>[[bin]]\nname = "admin"<|>' },
  ],
  html: [
    { path: 'cart.checkout', name: 'checkout', from: '<|><form id="checkout"', to: '</form><|>' },
    { path: 'script.total', name: 'total', from: '<|>function total(items)', to: 'items.length;\n    }<|>' },
    { path: 'style.".cart"', full: '<|>.cart { color: red; }<|>' },
  ],
  css: [
    { path: '".cart, .basket > li"', from: '<|>.cart,\n.basket', to: 'var(--main-color);\n}<|>' },
    { path: '":root".--gap', full: '<|>--gap: 4px;<|>' },
    { path: '"@media (max-width: 600px)".".cart"', full: '<|>.cart { display: none; }<|>' },
  ],
  scss: [
    { path: 'theme', from: '<|>@mixin theme', to: 'background: $theme;\n}<|>' },
    { path: '".card".".title"."&:hover"', full: '<|>&:hover {\n      color: $primary;\n    }<|>' },
    { path: '$primary', full: '<|>$primary: #336699;<|>' },
  ],
  vue: [
    { path: 'template.app.empty', name: 'empty' },
    { path: 'script.total', from: '<|>function total(): number', to: 'item.price, 0)\n}<|>' },
    { path: 'style.".cart"', name: '.cart' },
  ],
  zig: [
    { path: 'Cart.init', from: '<|>pub fn init(', to: 'init(allocator) };\n    }<|>' },
    { path: 'Color.green', name: 'green' },
    { path: '"cart totals"', full: '<|>test "cart totals" {}<|>' },
  ],
  elixir: [
    { path: 'Shop.Cart.add', name: 'add', from: '<|>def add(', to: 'cart.items]}\n  end<|>' },
    { path: 'Shop.Cart.Line.sku', name: 'sku' },
    { path: 'Shop.Priced.Map.price', name: 'price' },
  ],
  dart: [
    { path: 'Cart.compareTo', from: '<|>@override', to: 'Cart other) => 0;<|>' },
    { path: 'Cart.add', full: '<|>void add(Item item) { items.add(item); }<|>' },
    { path: 'Cart.empty', name: 'empty' },
    { path: 'topLevel', full: '<|>int topLevel(int x) => x * 2;<|>' },
  ],
  ocaml: [
    { path: 'Cart.add', name: 'add', full: '<|>let add cart item = item :: cart<|>' },
    { path: 'color.Green', name: 'Green' },
    { path: 'counter.incr', name: 'incr' },
  ],
  ocaml_interface: [
    { path: 'Cart.add', full: '<|>val add : t -> item -> t<|>' },
    { path: 'total', name: 'total' },
  ],
  objc: [
    {
      path: 'Cart."addItem:quantity:"',
      name: 'addItem',
      full: '<|>- (void)addItem:(id)item quantity:(int)qty;<|>',
    },
    { path: 'Cart.items', name: 'items' },
    { path: 'helper', full: '<|>int helper(int x) { return x; }<|>' },
  ],
  solidity: [
    {
      path: 'Token.transfer',
      from: '<|>function transfer(address to, uint256 amount) external override',
      to: 'return true; }<|>',
    },
    { path: 'Token.constructor', name: 'constructor' },
    { path: 'Token.State.Paused', name: 'Paused' },
  ],
  markdown: [
    {
      path: 'Shop.Install."From source"',
      name: 'From source',
      from: '<|>### From source',
      to: 'then `npm ci`.<|>',
    },
    { path: 'Shop."Usage: the `Cart` API"', name: 'Usage: the `Cart` API ##' },
    { path: '"Appendix 1.2"', full: '<|># Appendix 1.2<|>' },
  ],
  elm: [
    { path: 'update', from: '<|>update : Msg', to: 'Clear -> { cart | items = [] }<|>' },
    { path: 'Msg.Add', name: 'Add' },
    { path: 'maxItems', full: '<|>maxItems = 10<|>' },
  ],
};

/** [language, source with `<|>` before each symbol's name in document order, `kind path` of each symbol]. */
const INLINE: [string, string, string[]][] = [
  [
    'objc',
    'NS_ASSUME_NONNULL_BEGIN\ntypedef NS_ENUM(NSInteger, <|>Status) { <|>StatusOn };\n' +
      '@interface <|>Cart : NSObject\n- (instancetype)<|>init NS_DESIGNATED_INITIALIZER;\n@end\nNS_ASSUME_NONNULL_END\n',
    ['enum Status', 'enummember Status.StatusOn', 'class Cart', 'method Cart.init'],
  ],
  ['json', '[<|>{ "<|>a": 1 }, <|>2]', ['object "0"', 'number 0.a', 'number "1"']],
  ['yaml', '<|>a: 1\n---\n<|>a: 2\n', ['number a', 'number a']],
  ['toml', 'a.b."<|>c.d" = 1\n', ['number a.b."c.d"']],
  [
    'elixir',
    'defmodule <|>A do\n  def <|>f(x) when x > 0, do: x\n  def <|>f(x), do: -x\nend\n',
    ['module A', 'function A.f', 'function A.f'],
  ],
];

describe('golden outlines of the added grammars', () => {
  for (const [language, ranges] of Object.entries(CASES)) {
    const dir = path.join(FIXTURES, language, 'outline');
    const sample = readdirSync(dir).find((name) => name.startsWith('sample.') && !name.endsWith('.outline'));
    if (sample === undefined) throw new Error(`no sample under ${dir}`);
    const file = path.join(dir, sample);
    const text = readFileSync(file, 'utf8');

    it(`${language}: ${sample} parses without errors and matches its golden`, async () => {
      const outline = await extractOutline(language, text);
      expect(outline.errors).toEqual([]);
      expectGoldenOutline(outline, text, `${file}.outline`);
    });

    it(`${language}: full and name ranges`, async () => {
      const outline = await extractOutline(language, text);
      for (const check of ranges) expectRange(outline, text, check);
    });
  }
});

describe('rules of the added grammars on small sources', () => checkInlineRules(INLINE));
