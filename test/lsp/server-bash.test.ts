import { serverSuite } from './server-suite.js';

serverSuite({
  title: 'Bash (bash-language-server)',
  adapter: 'bash',
  fixture: 'bash',
  main: 'main.sh',
  lib: 'lib.sh',
  call: 'gross=$(<|>add_tax 1000)',
  definition: ['lib.sh', '<|>add_tax() {'],
  references: [
    ['lib.sh', '<|>add_tax() {'],
    ['main.sh', '    <|>add_tax "$(apply_discount'],
    ['main.sh', 'gross=$(<|>add_tax 1000)'],
  ],
  hoverIncludes: 'add_tax',
  symbol: 'cart_total',
  lineComment: '#',
  encoding: 'utf-16',
});
