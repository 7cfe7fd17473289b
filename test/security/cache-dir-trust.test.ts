/** The cases of ./cache-dir-trust-cases.ts, in-process. */
import { cacheDirTrustCases } from './cache-dir-trust-cases.js';

cacheDirTrustCases();
