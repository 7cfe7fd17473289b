import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { extractOutline } from '../../src/syntax/outline.js';
import { expectGoldenOutline } from '../helpers/golden-outline.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const LANGUAGES = ['python', 'typescript', 'tsx', 'javascript', 'go', 'rust', 'java', 'c', 'cpp'];

describe('golden outlines', () => {
  for (const language of LANGUAGES) {
    const dir = path.join(FIXTURES, language, 'outline');
    const samples = readdirSync(dir).filter(
      (name) => name.startsWith('sample.') && !name.endsWith('.outline'),
    );
    for (const sample of samples) {
      it(`${language}: ${sample}`, async () => {
        const file = path.join(dir, sample);
        const text = readFileSync(file, 'utf8');
        expectGoldenOutline(await extractOutline(language, text), text, `${file}.outline`);
      });
    }
  }
});
