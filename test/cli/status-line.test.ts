/** The cases of ./status-line-cases.ts, in-process. */
import { statusLineCases } from './status-line-cases.js';

statusLineCases();
