/**
 * The anchors of the shared server fixtures (`test/fixtures/<lang>/`): what every server of a language is asked
 * about them, the built-in one and the alternatives a configuration line names.
 */
import type { ServerCase } from './server-suite.js';

/** The fields of a server case that come from its fixture, not from its server. */
export type FixtureAnchors = Pick<
  ServerCase,
  | 'fixture'
  | 'main'
  | 'lib'
  | 'call'
  | 'definition'
  | 'references'
  | 'hoverIncludes'
  | 'symbol'
  | 'lineComment'
  | 'created'
>;

export const C_FIXTURE: FixtureAnchors = {
  fixture: 'c',
  main: 'main.c',
  lib: 'pricing.c',
  call: 'double gross = <|>add_tax(10.0',
  definition: ['pricing.c', 'double <|>add_tax(double amount, double rate)'],
  references: [
    ['main.c', 'return <|>add_tax(subtotal'],
    ['main.c', 'double gross = <|>add_tax(10.0'],
    ['pricing.c', 'double <|>add_tax(double amount, double rate)'],
    ['pricing.h', 'double <|>add_tax(double amount, double rate);'],
  ],
  hoverIncludes: 'add_tax',
  symbol: 'cart_total',
  lineComment: '//',
};

export const PYTHON_FIXTURE: FixtureAnchors = {
  fixture: 'python',
  main: 'cart.py',
  lib: 'pricing.py',
  call: 'gross = <|>add_tax(10.0)',
  definition: ['pricing.py', 'def <|>add_tax('],
  references: [
    ['cart.py', 'from pricing import Discount, <|>add_tax'],
    ['cart.py', 'return <|>add_tax(subtotal)'],
    ['cart.py', 'gross = <|>add_tax(10.0)'],
    ['pricing.py', 'def <|>add_tax('],
  ],
  hoverIncludes: 'add_tax',
  symbol: 'Cart',
  lineComment: '#',
  created: {
    file: 'checkout.py',
    text: 'from pricing import add_tax\n\ntotal = add_tax(1.0)\n',
    anchor: 'total = <|>add_tax(1.0)',
  },
};
