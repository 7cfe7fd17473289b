/** The cases of ./status-line-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { statusLineCases } from './status-line-cases.js';

throughDaemon('status-line', statusLineCases);
