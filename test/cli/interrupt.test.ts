/** The cases of ./interrupt-cases.ts, in-process. */
import { interruptCases } from './interrupt-cases.js';

interruptCases();
