import { serverSuite } from './server-suite.js';

serverSuite({
  title: 'Go (gopls)',
  adapter: 'gopls',
  fixture: 'go',
  main: 'main.go',
  lib: 'pricing/pricing.go',
  call: 'gross := pricing.<|>AddTax(10',
  definition: ['pricing/pricing.go', 'func <|>AddTax('],
  references: [
    ['main.go', 'return pricing.<|>AddTax(subtotal'],
    ['main.go', 'gross := pricing.<|>AddTax(10'],
    ['pricing/pricing.go', 'func <|>AddTax('],
  ],
  hoverIncludes: 'AddTax',
  symbol: 'Cart',
  lineComment: '//',
  encoding: 'utf-16',
});
