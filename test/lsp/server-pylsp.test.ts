/**
 * pylsp (Debian python3-pylsp 1.7) as an alternative Python server, given by one configuration line
 * (docs/languages.md, "Any other server"). It negotiates no encoding yet counts columns in code points: the
 * recipe reads them as utf-32, so the reference on the emoji line lands on the right UTF-16 column.
 */
import { PYTHON_FIXTURE } from './fixture-anchors.js';
import { serverSuite } from './server-suite.js';

serverSuite({
  title: 'Python (pylsp, configured)',
  adapter: 'configured:python',
  configured: { command: 'pylsp', install: 'apt-get install -y --no-install-recommends python3-pylsp' },
  config: { languages: { python: { command: 'pylsp' } } },
  ...PYTHON_FIXTURE,
  encoding: 'utf-32',
});
