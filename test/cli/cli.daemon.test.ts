/** The cases of ./cli-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { cliCases } from './cli-cases.js';

throughDaemon('cli', cliCases);
