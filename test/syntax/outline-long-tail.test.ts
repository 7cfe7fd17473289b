/**
 * Outlines of the long-tail grammars (C#, Ruby, PHP, Bash, Kotlin, Swift, Scala, Lua): each
 * `test/fixtures/<lang>/outline/sample.*` against its golden, a few full/name ranges per language
 * (positions from `<|>` anchors: one snippet with two markers, or `from`/`to` snippets with one),
 * and small inline sources for rules the sample cannot show.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Outline } from '../../src/locate/outline.js';
import { extractOutline } from '../../src/syntax/outline.js';
import { expectGoldenOutline } from '../helpers/golden-outline.js';
import { checkInlineRules, expectRange, type RangeCheck } from '../helpers/outline-ranges.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

interface LanguageCase {
  sample: string;
  ranges: RangeCheck[];
  /** Why a tree with syntax errors is expected with the manifest's grammar (the golden is then skipped). */
  knownGrammarGap?: string;
}

const CASES: Record<string, LanguageCase> = {
  csharp: {
    sample: 'sample.cs',
    ranges: [
      {
        path: 'Shop.Billing.Cart',
        from: '<|>[Audit]\n    public class Cart',
        to: '    }<|>\n\n    public record Invoice',
      },
      { path: 'Shop.Billing.Cart.MaxItems', full: '<|>public const int MaxItems = 100;<|>' },
      { path: 'Shop.Billing.Cart._count', full: 'int <|>_count<|>, _limit;' },
      {
        path: 'Shop.Billing.Cart.~Cart',
        name: '~Cart',
        from: '<|>~Cart()',
        to: '_items.Clear();\n        }<|>',
      },
      { path: 'Shop.Billing.Cart.operator+', name: '+' },
      { path: 'Shop.Billing.Invoice.Number', full: 'Invoice(<|>string Number<|>, decimal Amount)' },
    ],
  },
  ruby: {
    sample: 'sample.rb',
    ranges: [
      { path: 'Shop.Cart.items', name: 'items', full: 'attr_reader <|>:items<|>, :owner' },
      { path: 'Shop.Cart.note', full: '<|>attr_accessor :note<|>' },
      { path: 'Shop.Cart.from_json', from: '<|>def from_json(text)', to: 'new(data["owner"])\n      end<|>' },
      {
        path: 'Shop.Receipt',
        name: 'Receipt',
        from: '<|>class Shop::Receipt',
        to: 'puts "receipt"\n  end\nend<|>',
      },
      { path: 'singleton.greet', full: '<|>def singleton.greet\n  "hi"\nend<|>' },
    ],
  },
  php: {
    sample: 'sample.php',
    ranges: [
      {
        path: 'Shop.Billing',
        name: 'Billing',
        from: '<|>namespace Shop\\Billing;',
        to: '$registry = new Cart();<|>',
      },
      { path: 'Shop.Billing.LEGACY_LIMIT', name: 'LEGACY_LIMIT', full: "<|>define('LEGACY_LIMIT', 10);<|>" },
      { path: 'Shop.Billing.Tracked', from: '<|>#[\\Attribute]', to: 'final class Tracked\n{\n}<|>' },
      {
        path: 'Shop.Billing.Cart.$currency',
        full: '__construct(<|>private readonly string $currency = DEFAULT_CURRENCY<|>)',
      },
      { path: 'Shop.Billing.Cart.TAX', full: 'private const <|>TAX<|> = 0.2' },
    ],
  },
  bash: {
    sample: 'sample.sh',
    ranges: [
      { path: 'APP_NAME', full: '<|>readonly APP_NAME="shop"<|>' },
      { path: 'deploy.retry', full: '<|>retry() {\n      "$@" || "$@"\n    }<|>' },
      { path: 'ship', full: '<|>ship() (\n  cd "$LOG_DIR"\n  echo "shipping $1"\n)<|>' },
    ],
  },
  kotlin: {
    sample: 'sample.kt',
    ranges: [
      { path: 'Cart', from: '<|>@Audited\nclass Cart', to: 'Cart("nobody")\n    }\n}<|>' },
      { path: 'Cart.limit', full: '<|>var limit: Int = MAX_ITEMS\n        private set<|>' },
      {
        path: 'Cart.Companion',
        name: 'companion',
        from: '<|>companion object {',
        to: 'Cart("nobody")\n    }<|>',
      },
      { path: 'Cart.isEmpty', name: 'isEmpty' },
      { path: 'Cart.note', full: '<|>var note: String? = null<|>' },
    ],
  },
  swift: {
    sample: 'sample.swift',
    ranges: [
      { path: 'Cart', from: '<|>@available(macOS 12, *)', to: 'case closed(reason: String)\n    }\n}<|>' },
      { path: 'Currency.euro', full: '<|>case euro = "EUR"<|>' },
      { path: 'Currency.yen', full: '"USD", <|>yen<|> = "JPY"' },
      {
        path: 'Cart.discount',
        full: '<|>func discount(rate: Double) -> Price {\n        return total() * Price(1 - rate)\n    }<|>',
      },
      { path: 'Cart.+', name: '+' },
    ],
  },
  scala: {
    sample: 'sample.scala',
    knownGrammarGap:
      'tree-sitter-wasms 0.1.13 scala (~0.20) cannot parse `"$"`, `def +`, `val a, b` ' +
      '(tree-sitter-scala 0.24 parses the sample; its golden was recorded with it)',
    ranges: [
      { path: 'Cart.add', full: '<|>def add(line: Line): Unit =\n    items += line<|>' },
      { path: 'Cart.Tax', full: 'val <|>Tax<|>, Fee' },
      { path: 'Cart.this', name: 'this', from: '<|>def this(owner', to: 'this.limit = limit\n  }<|>' },
    ],
  },
  lua: {
    sample: 'sample.lua',
    ranges: [
      {
        path: 'Cart.add',
        name: 'add',
        from: '<|>function Cart:add(item)',
        to: 'table.insert(self.items, item)\nend<|>',
      },
      {
        path: 'M.helpers.describe',
        from: '<|>describe = function(cart)',
        to: 'format(cart:total())\n  end<|>',
      },
      { path: 'format', from: '<|>local format = function', to: 'round(amount, 2))\nend<|>' },
      { path: 'M.VERSION', name: 'VERSION', full: '<|>M.VERSION = "1.4.0"<|>' },
    ],
  },
};

/**
 * Small sources for rules the samples do not show: [language, source with `<|>` before each symbol's
 * name in document order, `kind path` of each symbol in the same (pre-)order].
 */
const INLINE: [string, string, string[]][] = [
  [
    'csharp',
    'namespace A.<|>B;\n\nclass <|>C\n{\n    void <|>M() { }\n}\n',
    ['namespace A.B', 'class A.B.C', 'method A.B.C.M'],
  ],
  [
    'php',
    '<?php\nnamespace A\\<|>B {\n    function <|>f() {}\n}\nnamespace {\n    $x = 1;\n}\n',
    ['namespace A.B', 'function A.B.f'],
  ],
  [
    'ruby',
    'class <|>A\n  private def <|>secret = 1\n  <|>P = Struct.new(:x) do\n    def <|>norm = x\n  end\nend\n',
    ['class A', 'method A.secret', 'class A.P', 'method A.P.norm'],
  ],
  ['bash', '<|>f() { :; }\n<|>f() { :; }\n<|>X=1\nX=2\n', ['function f', 'function f', 'variable X']],
  [
    'kotlin',
    'class <|>A {\n    companion object <|>Factory {\n        fun <|>make() = A()\n    }\n}\n',
    ['class A', 'object A.Factory', 'method A.Factory.make'],
  ],
  ['swift', 'extension Outer.Inner {\n    func <|>f() {}\n}\n', ['method Outer.Inner.f']],
  // the manifest's old scala grammar parses this Scala 2 subset
  [
    'scala',
    'object <|>O {\n  val (<|>a, <|>b) = (1, 2)\n  def <|>f(x: Int): Int = x\n}\n',
    ['object O', 'property O.a', 'property O.b', 'method O.f'],
  ],
  [
    'lua',
    'local <|>t = { <|>n = { <|>deep = true } }\nlocal <|>c <const> = 5\nreturn { hidden = 1 }\n',
    ['variable t', 'field t.n', 'field t.n.deep', 'constant c'],
  ],
];

describe('long-tail golden outlines', () => {
  for (const [language, spec] of Object.entries(CASES)) {
    const file = path.join(FIXTURES, language, 'outline', spec.sample);
    const text = readFileSync(file, 'utf8');

    it(`${language}: ${spec.sample} matches its golden`, async (context) => {
      const outline = await extractOutline(language, text);
      skipOnKnownGap(outline, spec, context);
      expectGoldenOutline(outline, text, `${file}.outline`);
    });

    it(`${language}: full and name ranges`, async (context) => {
      const outline = await extractOutline(language, text);
      skipOnKnownGap(outline, spec, context);
      expect(outline.errors).toEqual([]);
      for (const check of spec.ranges) expectRange(outline, text, check);
    });
  }
});

describe('long-tail rules on small sources', () => checkInlineRules(INLINE));

function skipOnKnownGap(
  outline: Outline,
  spec: LanguageCase,
  context: { skip: (note?: string) => void },
): void {
  if (spec.knownGrammarGap === undefined || outline.errors.length === 0) return;
  console.warn(`SKIPPED ${spec.sample}: ${spec.knownGrammarGap}`);
  context.skip(spec.knownGrammarGap);
}
