/** LruMap: bounds by entries and size, recency by get/set, dispose with a reason for every value that leaves. */
import { describe, expect, it } from 'vitest';
import { LruMap, type LruOptions, type LruRemoval } from '../../src/core/lru-map.js';

type Step = ['set', string, string] | ['get', string] | ['peek', string] | ['delete', string] | ['clear'];

interface Case {
  name: string;
  options: LruOptions<string, string>;
  steps: Step[];
  /** Keys left, least recently used first. */
  keys: string[];
  disposed: [string, LruRemoval][];
  evictions: number;
  totalSize?: number;
}

const bySize = { sizeOf: (value: string) => value.length };

const CASES: Case[] = [
  {
    name: 'unbounded keeps everything in insertion order',
    options: {},
    steps: [
      ['set', 'a', '1'],
      ['set', 'b', '2'],
      ['set', 'c', '3'],
    ],
    keys: ['a', 'b', 'c'],
    disposed: [],
    evictions: 0,
  },
  {
    name: 'entry bound evicts the least recently set',
    options: { maxEntries: 2 },
    steps: [
      ['set', 'a', '1'],
      ['set', 'b', '2'],
      ['set', 'c', '3'],
    ],
    keys: ['b', 'c'],
    disposed: [['1', 'evict']],
    evictions: 1,
  },
  {
    name: 'get makes an entry the most recent',
    options: { maxEntries: 2 },
    steps: [
      ['set', 'a', '1'],
      ['set', 'b', '2'],
      ['get', 'a'],
      ['set', 'c', '3'],
    ],
    keys: ['a', 'c'],
    disposed: [['2', 'evict']],
    evictions: 1,
  },
  {
    name: 'peek leaves the order alone',
    options: { maxEntries: 2 },
    steps: [
      ['set', 'a', '1'],
      ['set', 'b', '2'],
      ['peek', 'a'],
      ['set', 'c', '3'],
    ],
    keys: ['b', 'c'],
    disposed: [['1', 'evict']],
    evictions: 1,
  },
  {
    name: 'setting a key again replaces and refreshes it',
    options: { maxEntries: 2 },
    steps: [
      ['set', 'a', '1'],
      ['set', 'b', '2'],
      ['set', 'a', '9'],
      ['set', 'c', '3'],
    ],
    keys: ['a', 'c'],
    disposed: [
      ['1', 'replace'],
      ['2', 'evict'],
    ],
    evictions: 1,
  },
  {
    name: 'setting the same value again disposes nothing',
    options: { maxEntries: 2 },
    steps: [
      ['set', 'a', '1'],
      ['set', 'a', '1'],
    ],
    keys: ['a'],
    disposed: [],
    evictions: 0,
  },
  {
    name: 'size bound evicts until the total fits',
    options: { maxSize: 10, ...bySize },
    steps: [
      ['set', 'a', 'xxxx'],
      ['set', 'b', 'yyyy'],
      ['set', 'c', 'zzzzzz'],
    ],
    keys: ['b', 'c'],
    disposed: [['xxxx', 'evict']],
    evictions: 1,
    totalSize: 10,
  },
  {
    name: 'the newest entry stays even when it alone is over the size bound',
    options: { maxSize: 3, ...bySize },
    steps: [
      ['set', 'a', 'xx'],
      ['set', 'b', 'yyyyyyyy'],
    ],
    keys: ['b'],
    disposed: [['xx', 'evict']],
    evictions: 1,
    totalSize: 8,
  },
  {
    name: 'a replaced value gives its size back',
    options: { maxSize: 10, ...bySize },
    steps: [
      ['set', 'a', 'xxxxxxxx'],
      ['set', 'a', 'x'],
      ['set', 'b', 'yyyyyyyy'],
    ],
    keys: ['a', 'b'],
    disposed: [['xxxxxxxx', 'replace']],
    evictions: 0,
    totalSize: 9,
  },
  {
    name: 'both bounds apply',
    options: { maxEntries: 3, maxSize: 100, ...bySize },
    steps: [
      ['set', 'a', 'x'],
      ['set', 'b', 'x'],
      ['set', 'c', 'x'],
      ['set', 'd', 'x'],
    ],
    keys: ['b', 'c', 'd'],
    disposed: [['x', 'evict']],
    evictions: 1,
    totalSize: 3,
  },
  {
    name: 'delete disposes and frees the size; deleting an absent key does nothing',
    options: { maxSize: 10, ...bySize },
    steps: [
      ['set', 'a', 'xxx'],
      ['set', 'b', 'yy'],
      ['delete', 'a'],
      ['delete', 'zz'],
    ],
    keys: ['b'],
    disposed: [['xxx', 'delete']],
    evictions: 0,
    totalSize: 2,
  },
  {
    name: 'clear disposes everything and the map stays usable',
    options: { maxEntries: 5, ...bySize },
    steps: [['set', 'a', 'x'], ['set', 'b', 'yy'], ['clear'], ['set', 'c', 'zzz']],
    keys: ['c'],
    disposed: [
      ['x', 'clear'],
      ['yy', 'clear'],
    ],
    evictions: 0,
    totalSize: 3,
  },
];

describe('LruMap', () => {
  it.each(CASES)('$name', (c) => {
    const disposed: [string, LruRemoval][] = [];
    const map = new LruMap<string, string>({
      ...c.options,
      dispose: (value, _key, why) => disposed.push([value, why]),
    });
    for (const step of c.steps) {
      if (step[0] === 'set') map.set(step[1], step[2]);
      else if (step[0] === 'get') map.get(step[1]);
      else if (step[0] === 'peek') map.peek(step[1]);
      else if (step[0] === 'delete') map.delete(step[1]);
      else map.clear();
    }
    expect([...map.keys()]).toEqual(c.keys);
    expect(map.size).toBe(c.keys.length);
    expect(disposed).toEqual(c.disposed);
    expect(map.evictions).toBe(c.evictions);
    expect(map.totalSize).toBe(c.totalSize ?? 0);
  });

  it('reads without side effects through peek, has, values and entries', () => {
    const map = new LruMap<string, number>({ maxEntries: 3 });
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    expect(map.get('missing')).toBeUndefined();
    expect(map.peek('b')).toBe(2);
    expect(map.has('b')).toBe(true);
    expect(map.has('c')).toBe(false);
    expect([...map.values()]).toEqual([2, 1]);
    expect([...map.entries()]).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
    expect([...map]).toEqual([...map.entries()]);
  });

  it('tolerates deletes while iterating', () => {
    const map = new LruMap<string, number>();
    for (const [i, k] of ['a', 'b', 'c', 'd'].entries()) map.set(k, i);
    for (const [key, value] of map) if (value % 2 === 0) map.delete(key);
    expect([...map.keys()]).toEqual(['b', 'd']);
  });

  it.each([{ maxEntries: 0 }, { maxEntries: Number.NaN }, { maxSize: -1 }])(
    'refuses bounds %o',
    (options) => {
      expect(() => new LruMap(options)).toThrow(RangeError);
    },
  );
});
