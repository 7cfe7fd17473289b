/** The cases of ./cli-index-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { cliIndexCases } from './cli-index-cases.js';

throughDaemon('cli-index', cliIndexCases);
