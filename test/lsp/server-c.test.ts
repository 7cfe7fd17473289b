import { serverSuite, type ServerCase } from './server-suite.js';

const c: ServerCase = {
  title: 'C (clangd)',
  adapter: 'clangd',
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
  encoding: 'utf-16',
};

serverSuite(c);

serverSuite({
  ...c,
  title: 'C (clangd negotiating utf-8)',
  config: { languages: { c: { positionEncodings: ['utf-8'] } } },
  encoding: 'utf-8',
});
