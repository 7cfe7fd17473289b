import { serverSuite, type ServerCase } from './server-suite.js';

const c: ServerCase = {
  title: 'Rust (rust-analyzer)',
  adapter: 'rust-analyzer',
  fixture: 'rust',
  main: 'src/main.rs',
  lib: 'src/pricing.rs',
  call: 'let gross = <|>add_tax(10.0',
  definition: ['src/pricing.rs', 'pub fn <|>add_tax(amount'],
  references: [
    ['src/main.rs', 'use pricing::{<|>add_tax, Cart'],
    ['src/main.rs', '    <|>add_tax(cart.subtotal()'],
    ['src/main.rs', 'let gross = <|>add_tax(10.0'],
    ['src/pricing.rs', 'pub fn <|>add_tax(amount'],
  ],
  hoverIncludes: 'add_tax',
  symbol: 'main',
  lineComment: '//',
  encoding: 'utf-8',
  acceptedProblem: /^rust-analyzer reports a problem with the project: .*standard library/,
};

serverSuite(c);

serverSuite({
  ...c,
  title: 'Rust (rust-analyzer offered only utf-16)',
  config: { languages: { rust: { positionEncodings: ['utf-16'] } } },
  encoding: 'utf-16',
});
