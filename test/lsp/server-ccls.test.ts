/**
 * ccls (Debian) as an alternative C server, given by one configuration line (docs/languages.md, "Any other
 * server"): its recipe generates the compile database and keeps its index in Locus's cache folder, and readiness
 * is the end of its `indexing` progress (its first diagnostics come before the index, with partial references).
 */
import { serverSuite } from './server-suite.js';

serverSuite({
  title: 'C (ccls, configured)',
  adapter: 'configured:c',
  configured: {
    command: 'ccls',
    install: 'apt-get install -y --no-install-recommends ccls libclang-common-14-dev',
  },
  config: { languages: { c: { command: 'ccls' } } },
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
  encoding: 'utf-32',
  projectUntouched: true,
});
