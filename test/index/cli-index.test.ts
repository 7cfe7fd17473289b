/** The cases of ./cli-index-cases.ts, in-process. */
import { cliIndexCases } from './cli-index-cases.js';

cliIndexCases();
