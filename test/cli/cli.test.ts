/** The cases of ./cli-cases.ts, in-process. */
import { cliCases } from './cli-cases.js';

cliCases();
