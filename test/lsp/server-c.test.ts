import { C_FIXTURE } from './fixture-anchors.js';
import { serverSuite, type ServerCase } from './server-suite.js';

const c: ServerCase = {
  title: 'C (clangd)',
  adapter: 'clangd',
  ...C_FIXTURE,
  encoding: 'utf-16',
};

serverSuite(c);

serverSuite({
  ...c,
  title: 'C (clangd negotiating utf-8)',
  config: { languages: { c: { positionEncodings: ['utf-8'] } } },
  encoding: 'utf-8',
});
