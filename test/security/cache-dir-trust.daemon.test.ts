/** The cases of ./cache-dir-trust-cases.ts, every command answered by a background Locus (test/helpers/cli-mode.ts). */
import { throughDaemon } from '../helpers/cli-mode.js';
import { cacheDirTrustCases } from './cache-dir-trust-cases.js';

throughDaemon('cache-dir-trust', cacheDirTrustCases);
