/** The cases of ./workspace-trust-cases.ts, in-process. */
import { workspaceTrustCases } from './workspace-trust-cases.js';

workspaceTrustCases();
