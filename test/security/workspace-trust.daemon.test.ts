/** The cases of ./workspace-trust-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { workspaceTrustCases } from './workspace-trust-cases.js';

throughDaemon('workspace-trust', workspaceTrustCases);
