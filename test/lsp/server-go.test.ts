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
  created: {
    file: 'checkout.go',
    text: 'package main\n\nimport "example.com/shop/pricing"\n\nvar total = pricing.AddTax(1, pricing.TaxRate)\n',
    anchor: 'total = pricing.<|>AddTax(1',
  },
  encoding: 'utf-16',
});
