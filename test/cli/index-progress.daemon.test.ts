/** The cases of ./index-progress-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { indexProgressCases } from './index-progress-cases.js';

throughDaemon('index-progress', indexProgressCases);
