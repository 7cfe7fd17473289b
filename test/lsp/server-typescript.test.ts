import { serverSuite, type ServerCase } from './server-suite.js';

const typescript: ServerCase = {
  title: 'TypeScript (TS 7 native)',
  adapter: 'typescript',
  fixture: 'typescript',
  main: 'src/cart.ts',
  lib: 'src/pricing.ts',
  call: 'gross = <|>addTax(10)',
  definition: ['src/pricing.ts', 'export function <|>addTax('],
  references: [
    ['src/cart.ts', 'import { Discount, <|>addTax }'],
    ['src/cart.ts', 'return <|>addTax(subtotal)'],
    ['src/cart.ts', 'gross = <|>addTax(10)'],
    ['src/pricing.ts', 'export function <|>addTax('],
  ],
  hoverIncludes: 'addTax',
  symbol: 'Cart',
  lineComment: '//',
  encoding: 'utf-8',
};

serverSuite(typescript);

serverSuite({
  ...typescript,
  title: 'TypeScript (typescript-language-server, classic)',
  adapter: 'typescript-classic',
  ignoresWatchedFiles: true,
  config: { languages: { typescript: { server: 'typescript-classic' } } },
  encoding: 'utf-16',
});

serverSuite({
  ...typescript,
  title: 'JavaScript (TS 7 native)',
  fixture: 'javascript',
  main: 'src/cart.js',
  lib: 'src/pricing.js',
  definition: ['src/pricing.js', 'export function <|>addTax('],
  references: [
    ['src/cart.js', 'import { Discount, <|>addTax }'],
    ['src/cart.js', 'return <|>addTax(subtotal)'],
    ['src/cart.js', 'gross = <|>addTax(10)'],
    ['src/pricing.js', 'export function <|>addTax('],
  ],
});
