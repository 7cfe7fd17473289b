// Writes schema/locus.config.schema.json from the zod schema in src/config/schema.ts (run `npm run schema` after
// changing the configuration format; test/config/schema.test.ts fails while the committed file is stale).
import { writeFileSync } from 'node:fs';
import { configJsonSchema } from '../dist/config/schema.js';

const target = new URL('../schema/locus.config.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(configJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
