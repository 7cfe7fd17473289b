/**
 * The server answers `tools/list` from the listing the build wrote next to the bundle (src/mcp/tool-listing.ts).
 * It must be what the sources list: the same tools, descriptions and schemas.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listTools } from '../../src/mcp/tools/index.js';
import { ensureBuilt } from './support.js';

const BUILT = path.resolve(import.meta.dirname, '../../dist/bundle/tools-list.json');

beforeAll(async () => {
  await ensureBuilt();
});

describe('the built tool listing', () => {
  it('equals the listing of the sources', () => {
    const built = JSON.parse(readFileSync(BUILT, 'utf8')) as ReturnType<typeof listTools>;
    expect(built).toEqual(JSON.parse(JSON.stringify(listTools())));
    expect(built.tools.map((t) => t.name)).toContain('references');
  });
});
