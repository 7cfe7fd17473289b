/** The cases of ./conventions-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { conventionsCases } from './conventions-cases.js';

throughDaemon('conventions', conventionsCases);
