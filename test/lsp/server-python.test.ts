import { PYTHON_FIXTURE } from './fixture-anchors.js';
import { serverSuite } from './server-suite.js';

serverSuite({
  title: 'Python (pyright)',
  adapter: 'pyright',
  ...PYTHON_FIXTURE,
  encoding: 'utf-16',
});
