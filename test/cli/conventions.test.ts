/** The cases of ./conventions-cases.ts, in-process. */
import { conventionsCases } from './conventions-cases.js';

conventionsCases();
