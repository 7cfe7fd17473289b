/** The cases of ./edit-cases.ts, in-process. */
import { editCases } from './edit-cases.js';

editCases();
