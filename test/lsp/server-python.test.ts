import { serverSuite } from './server-suite.js';

serverSuite({
  title: 'Python (pyright)',
  adapter: 'pyright',
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
  encoding: 'utf-16',
});
