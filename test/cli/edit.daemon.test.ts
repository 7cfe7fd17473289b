/** The cases of ./edit-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { editCases } from './edit-cases.js';

throughDaemon('edit', editCases);
