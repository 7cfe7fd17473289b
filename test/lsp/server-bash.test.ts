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
  // bash-language-server keeps what it analysed of a deleted script: the suite's check that the created file's
  // call is gone after its deletion holds only because Locus leaves out places in files no longer on disk.
  created: {
    file: 'checkout.sh',
    text: '#!/usr/bin/env bash\n# shellcheck source=lib.sh\nsource "$(dirname "$0")/lib.sh"\ntotal=$(add_tax 100)\n',
    anchor: 'total=$(<|>add_tax 100)',
  },
  encoding: 'utf-16',
});
