/** The cases of ./interrupt-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { interruptCases } from './interrupt-cases.js';

throughDaemon('interrupt', interruptCases);
