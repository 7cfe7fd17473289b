/** The cases of ./index-progress-cases.ts, in-process. */
import { indexProgressCases } from './index-progress-cases.js';

indexProgressCases();
