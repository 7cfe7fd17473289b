/**
 * Outlines on disk by content (docs/performance.md, "Cold start"): what is stored comes back equal to
 * the parsed outline — Go receivers and syntax-error spans included — and anything tampered with or
 * from another version is a miss; the syntax service answers from the store without parsing.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutlineStore } from '../../src/index/outline-store.js';
import { createSyntaxService } from '../../src/ops/locating/syntax-service.js';
import { extractOutline } from '../../src/syntax/outline.js';
import { useTempCacheDir } from './support.js';

const cacheDir = useTempCacheDir('outline-store');

const SOURCES: [string, string][] = [
  ['python', 'class Cart:\n    def total(self):\n        return 1\n'],
  ['go', 'package p\n\ntype Reader struct{}\n\nfunc (r *Reader) ReadRune() rune { return 0 }\n'],
  ['typescript', 'export class Box {\n  open(): void {}\n}\nfunction broken( {\n'],
  // The class of a method defined out of line inside a namespace sits between the parent's path and the name.
  [
    'cpp',
    'namespace ns {\nclass Foo { int bar(); };\nint Foo::bar() { return 1; }\n}\nint ns::Foo::qux() { return 2; }\n',
  ],
  ['rust', 'mod m {\n    struct T;\n    impl T {\n        fn f() {}\n    }\n}\n'],
];

function storedFiles(): string[] {
  const dir = path.join(cacheDir(), 'outlines');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => path.join(dir, f));
}

describe('the outline store', () => {
  it.each(SOURCES)('gives back the %s outline it stored', async (language, text) => {
    const store = new OutlineStore('/nowhere');
    expect(store.get(language, text)).toBeUndefined();
    const parsed = await extractOutline(language, text);
    store.put(language, text, parsed);
    expect(store.get(language, text)).toEqual(parsed);
    expect(store.get(language, `${text}\n`)).toBeUndefined(); // keyed by content
  });

  it('misses on a tampered, truncated or foreign-version file, never throws', async () => {
    const store = new OutlineStore('/nowhere');
    const [language, text] = SOURCES[0] as [string, string];
    store.put(language, text, await extractOutline(language, text));
    const file = storedFiles().find((f) => readFileSync(f, 'utf8').includes('"python"')) as string;
    const valid = readFileSync(file, 'utf8');
    for (const bad of [
      valid.slice(0, valid.length / 2),
      valid.replace(/"version":"[0-9a-f]+"/, '"version":"0000000000000000"'),
      valid.replace(/"data":"[^"]*"/, '"data":"AAAA"'),
      JSON.stringify({ ...JSON.parse(valid), errors: [[0, 99999]], data: 'x' }),
    ]) {
      writeFileSync(file, bad);
      expect(store.get(language, text)).toBeUndefined();
    }
  });

  it('answers the syntax service without a parse', async () => {
    const store = new OutlineStore('/nowhere');
    const text = 'def real():\n    pass\n';
    // A stored outline that no parse of this text would give proves where the answer came from.
    const planted = await extractOutline('python', 'def other():\n    pass\n');
    store.put('python', text, planted);
    const service = createSyntaxService({ store });
    expect((await service.outline('/w/a.py', 'python', text)).symbols.map((s) => s.name)).toEqual(['other']);
    const fresh = 'def fresh():\n    pass\n';
    expect((await service.outline('/w/a.py', 'python', fresh)).symbols.map((s) => s.name)).toEqual(['fresh']);
    expect(store.get('python', fresh)?.symbols.map((s) => s.name)).toEqual(['fresh']); // stored for the next process
    service.close();
  });
});
