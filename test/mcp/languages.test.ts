/**
 * End to end over stdio (`node bin/locus.js mcp --root <workspace>`, the SDK's real Client): every tool on
 * every fixture language, against the real language servers. Edits are previews only here (see
 * stdio.test.ts for apply). Every reported place's locate string is fed back to `locate`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithServer } from '../helpers/require-server.js';
import {
  connectStdio,
  data,
  ensureBuilt,
  errorCode,
  LANGUAGES,
  makeWorkspace,
  removeDir,
  text,
  type StdioSession,
} from './support.js';

type Lang = keyof typeof LANGUAGES;

/** What each tool is asked, per language, and what the answer must contain. */
interface LanguageCase {
  /** A use of a function, and the locate string of its definition. */
  definition: [locate: string, target: RegExp];
  /** A declaration and the least number of references. */
  references: [locate: string, atLeast: number];
  hover: [locate: string, contains: string];
  /** Where to complete and a label that must be offered (undefined: the server offers none here). */
  completion: [locate: string, label: string | undefined];
  /** Inside a call's parentheses, and a parameter the signature names (or the error code). */
  signature: [locate: string, expect: string | { error: string }];
  rename: [locate: string, newName: string, files: string[]];
  codeActions: [locate: string, only?: string[]];
  format: [locate: string, expect?: { error: string }];
}

const CASES: Record<Lang, LanguageCase> = {
  python: {
    definition: ['python/cart.py:Cart.total@return <|>add_tax', /^python\/pricing\.py:add_tax$/],
    references: ['python/pricing.py:add_tax', 4],
    hover: ['python/cart.py:Cart.total@return <|>add_tax', 'def add_tax'],
    completion: ['python/cart.py:Cart.total@discount.<|>apply', 'apply'],
    signature: ['python/cart.py:main@add_tax(<|>', 'amount: float'],
    rename: ['python/pricing.py:Discount.apply', 'apply_to', ['python/cart.py', 'python/pricing.py']],
    codeActions: ['python/cart.py:Cart.total'],
    format: ['python/cart.py:Cart.total', { error: 'CAPABILITY_MISSING' }],
  },
  typescript: {
    definition: [
      'typescript/src/cart.ts:Cart.total@return <|>addTax',
      /^typescript\/src\/pricing\.ts:addTax$/,
    ],
    references: ['typescript/src/pricing.ts:addTax', 4],
    hover: ['typescript/src/cart.ts:Cart.total@return <|>addTax', 'function addTax'],
    completion: ['typescript/src/cart.ts:Cart.total@discount.<|>apply', 'apply'],
    signature: ['typescript/src/cart.ts:main@addTax(<|>', 'amount: number'],
    rename: [
      'typescript/src/pricing.ts:Discount.apply',
      'applyTo',
      ['typescript/src/cart.ts', 'typescript/src/pricing.ts'],
    ],
    codeActions: ['typescript/src/cart.ts:1', ['source.organizeImports']],
    format: ['typescript/src/cart.ts:Cart.total'],
  },
  javascript: {
    definition: [
      'javascript/src/cart.js:Cart.total@return <|>addTax',
      /^javascript\/src\/pricing\.js:addTax$/,
    ],
    references: ['javascript/src/pricing.js:addTax', 4],
    hover: ['javascript/src/cart.js:Cart.total@return <|>addTax', 'function addTax'],
    completion: ['javascript/src/cart.js:Cart.total@discount.<|>apply', 'apply'],
    signature: ['javascript/src/cart.js:main@addTax(<|>', 'amount: number'],
    rename: [
      'javascript/src/pricing.js:Discount.apply',
      'applyTo',
      ['javascript/src/cart.js', 'javascript/src/pricing.js'],
    ],
    codeActions: ['javascript/src/cart.js:1', ['source.organizeImports']],
    format: ['javascript/src/cart.js:Cart.total'],
  },
  go: {
    definition: ['go/main.go:(*Cart).Total@pricing.<|>AddTax', /^go\/pricing\/pricing\.go:AddTax$/],
    references: ['go/pricing/pricing.go:AddTax', 3],
    hover: ['go/main.go:(*Cart).Total@pricing.<|>AddTax', 'func pricing.AddTax'],
    completion: ['go/main.go:(*Cart).Total@discount.<|>Apply', 'Apply'],
    signature: ['go/main.go:main@pricing.AddTax(<|>', 'amount float64'],
    rename: ['go/pricing/pricing.go:Discount.Apply', 'ApplyTo', ['go/main.go', 'go/pricing/pricing.go']],
    codeActions: ['go/main.go:(*Cart).Add'],
    format: ['go/main.go:(*Cart).Add'],
  },
  c: {
    definition: ['c/main.c:cart_total@return <|>add_tax', /^c\/pricing\.[ch]:add_tax$/],
    references: ['c/pricing.c:add_tax', 3],
    hover: ['c/main.c:cart_total@return <|>add_tax', 'add_tax'],
    completion: ['c/main.c:cart_add@c-><|>count <', 'count'],
    signature: ['c/main.c:main@add_tax(<|>', 'double amount'],
    rename: ['c/main.c:cart_add', 'cart_push', ['c/main.c']],
    codeActions: ['c/main.c:cart_add'],
    format: ['c/main.c:cart_add'],
  },
  bash: {
    definition: ['bash/main.sh:cart_total@<|>add_tax "$(', /^bash\/lib\.sh:add_tax$/],
    references: ['bash/lib.sh:add_tax', 3],
    hover: ['bash/main.sh:cart_total@<|>add_tax "$(', 'add_tax'],
    completion: ['bash/main.sh:cart_total@add_<|>tax', undefined],
    signature: ['bash/main.sh:cart_total@add_tax <|>"$(', { error: 'CAPABILITY_MISSING' }],
    rename: ['bash/lib.sh:apply_discount', 'discount', ['bash/lib.sh', 'bash/main.sh']],
    codeActions: ['bash/lib.sh:add_tax'],
    format: ['bash/lib.sh:add_tax'],
  },
};

let ws: string;
let session: StdioSession;

beforeAll(async () => {
  await ensureBuilt();
  ws = makeWorkspace();
  session = await connectStdio(ws);
});

afterAll(async () => {
  await session?.client.close();
  if (ws) removeDir(ws);
});

type Result = Awaited<ReturnType<StdioSession['client']['callTool']>>;

async function call(name: string, args: Record<string, unknown>): Promise<Result> {
  return session.client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 });
}

/**
 * A successful position-based answer: cursor context first, at the position `locate` gives (for the range
 * tools, the start of the range), and JSON with `cursor`.
 */
async function expectAnswer(
  result: Result,
  operation: string,
  locate: string,
): Promise<Record<string, unknown>> {
  expect(result.isError, text(result)).toBeFalsy();
  const json = data(result);
  expect(json.ok).toBe(true);
  const cursor = json.cursor as { display: string };
  // Operations are named in words, the same for every face: the tool `code_actions` answers "code actions on …".
  const named = operation.replace('_', ' ');
  expect(json.operation).toBe(named);
  const range = ['code_actions', 'format_range'].includes(operation);
  expect(cursor.display).toBe(data(await call('locate', { locate, range })).display);
  const escaped = cursor.display.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The compact cursor context (the MCP default): place and what is under the cursor on one line.
  expect(text(result)).toMatch(new RegExp(`^${named} on ${escaped}: .+\n`));
  return json;
}

/** Every place with a locate string resolves back to its own display, and the markdown names it. */
async function expectPlacesResolve(
  markdown: string,
  places: { display: string; locate?: string }[],
): Promise<void> {
  for (const place of places) {
    expect(place.locate, place.display).toBeDefined();
    expect(markdown).toContain(place.locate as string);
    const back = data(await call('locate', { locate: place.locate }));
    expect(back.display, place.locate).toBe(place.display);
  }
}

for (const [language, adapter] of Object.entries(LANGUAGES) as [Lang, string][]) {
  const c = CASES[language];
  describeWithServer(adapter, `MCP tools on ${language}`, () => {
    it('definition', async () => {
      const [locate, target] = c.definition;
      const json = await expectAnswer(await call('definition', { locate }), 'definition', locate);
      const targets = json.targets as { display: string; locate?: string }[];
      expect(targets.length).toBeGreaterThan(0);
      expect(targets[0]?.locate).toMatch(target);
      await expectPlacesResolve(text(await call('definition', { locate })), targets);
    });

    it('references (grouped by file, every hit with a locate string, paginated)', async () => {
      const [locate, atLeast] = c.references;
      const result = await call('references', { locate });
      const json = await expectAnswer(result, 'references', locate);
      expect(json.total).toBeGreaterThanOrEqual(atLeast);
      const files = json.files as { file_path: string; references: { display: string; locate?: string }[] }[];
      const refs = files.flatMap((f) => f.references);
      expect(refs).toHaveLength(json.total as number);
      await expectPlacesResolve(text(result), refs);
      const paged = await call('references', { locate, page: 2, page_size: 1 });
      expect(data(paged)).toMatchObject({ page: 2, pages: json.total, page_size: 1 });
      expect(text(paged)).toContain('again with the same arguments and `page: 3`');
    });

    it('hover', async () => {
      const [locate, contains] = c.hover;
      const json = await expectAnswer(await call('hover', { locate }), 'hover', locate);
      expect(json.contents).toContain(contains);
    });

    it('completion (limited, with the total)', async () => {
      const [locate, label] = c.completion;
      const result = await call('completion', { locate, limit: 50 });
      const json = await expectAnswer(result, 'completion', locate);
      const items = json.items as { label: string }[];
      if (label !== undefined) expect(items.map((i) => i.label.trim())).toContain(label);
      expect(json.total).toBeGreaterThanOrEqual(items.length);
      if ((json.total as number) > 1) {
        const one = await call('completion', { locate, limit: 1 });
        expect((data(one).items as unknown[]).length).toBe(1);
        expect(text(one)).toContain('again with a higher `limit`');
      }
    });

    it('signature_help', async () => {
      const [locate, expected] = c.signature;
      const result = await call('signature_help', { locate });
      if (typeof expected !== 'string') {
        expect(result.isError).toBe(true);
        expect(errorCode(result)).toBe(expected.error);
        return;
      }
      const json = await expectAnswer(result, 'signature_help', locate);
      expect(JSON.stringify(json.signatures)).toContain(expected);
    });

    it('rename (a preview: changed lines and fingerprint, nothing written)', async () => {
      const [locate, newName, files] = c.rename;
      const before = files.map(readText);
      const result = await call('rename', { locate, new_name: newName });
      const json = await expectAnswer(result, 'rename', locate);
      expect((json.files as { file_path: string }[]).map((f) => f.file_path).sort()).toEqual(files);
      expect(json.applied).toBe(false);
      const changed = (json.changed_lines as string[]).join('\n');
      expect(changed).toMatch(new RegExp(`^ {2}\\d+\\+ .*${newName}`, 'm'));
      expect(text(result)).toContain(`Fingerprint: ${json.fingerprint as string}`);
      expect(files.map(readText)).toEqual(before);
    });

    it('code_actions', async () => {
      const [locate, only] = c.codeActions;
      const result = await call('code_actions', { locate, ...(only ? { only } : {}) });
      const json = await expectAnswer(result, 'code_actions', locate);
      expect(json.range).toBeDefined();
      if (only) expect((json.actions as { kind?: string }[])[0]?.kind).toBe(only[0]);
    });

    it('format_range (a preview)', async () => {
      const [locate, expected] = c.format;
      const result = await call('format_range', { locate });
      if (expected) {
        expect(result.isError).toBe(true);
        expect(errorCode(result)).toBe(expected.error);
        return;
      }
      const json = await expectAnswer(result, 'format_range', locate);
      expect(json.applied).toBe(false);
      expect(['range', 'document']).toContain(json.scope);
    });
  });
}

function readText(file: string): string {
  return readFileSync(join(ws, file), 'utf8');
}
