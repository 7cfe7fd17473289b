/**
 * Test files share one process per worker (vitest.config.ts): what one file sets in `process.env` must not reach
 * the files after it. The environment is put back as it was before the file ran.
 */
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});
