/**
 * Answer size per MCP tool (issue 26, "Honest bench"): every tool called once through the SDK client (in memory) on the
 * TypeScript fixture project (test/fixtures/typescript/ops, TypeScript 7) with its default, compact detail; the
 * bytes an agent receives — the markdown text plus the JSON of `structuredContent` — against the tool's budget.
 * The budgets are Locus's own: what one such answer on a small project should cost an agent's context, set from
 * the peers' answers quoted in issue 26 (≤ 1.2× the smallest peer's on the task families it measured) where there
 * are peers, else from what the answer must carry (one locate string per place).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { REPO } from '../lib/sources.js';
import { int, ratio, table } from '../lib/markdown.js';
import { serverStatus } from '../lib/servers.js';

/** One call per tool, compact (the default), with its budget in bytes (markdown + structuredContent). */
export const TOOL_CALLS = [
  { tool: 'locate', budget: 700, args: { locate: 'main.ts@makeCi<|>rcle(2)' } },
  { tool: 'describe', budget: 700, args: { file_path: 'main.ts', line: 5, column: 50 } },
  { tool: 'outline', budget: 2000, args: { file_path: 'shapes.ts' } },
  { tool: 'definition', budget: 1000, args: { locate: 'main.ts@makeCi<|>rcle(2)' } },
  { tool: 'references', budget: 1500, args: { locate: 'shapes.ts:Circle.area' } },
  { tool: 'rename', budget: 1800, args: { locate: 'shapes.ts:Circle.area', new_name: 'surface' } },
  { tool: 'hover', budget: 1000, args: { locate: 'main.ts@makeCi<|>rcle(2)' } },
  { tool: 'completion', budget: 4000, args: { locate: 'main.ts@total = circle.<|>area' } },
  { tool: 'signature_help', budget: 1200, args: { locate: 'main.ts@makeCircle(<|>2)' } },
  { tool: 'code_actions', budget: 2000, args: { locate: 'main.ts:report@const <|>greeting' } },
  { tool: 'format_range', budget: 1500, args: { locate: 'shapes.ts:Circle.area' } },
  { tool: 'diagnostics', budget: 1000, args: { targets: 'main.ts' } },
  { tool: 'call_hierarchy', budget: 1200, args: { locate: 'shapes.ts:makeCircle', direction: 'incoming' } },
  { tool: 'type_hierarchy', budget: 1200, args: { locate: 'shapes.ts:Circle', direction: 'supertypes' } },
  { tool: 'find_symbol', budget: 1500, args: { query: 'area' } },
  { tool: 'search', budget: 1500, args: { pattern: '**/*.ts@area()' } },
  { tool: 'read_symbol', budget: 1200, args: { locate: 'shapes.ts:Circle.area' } },
  {
    tool: 'edit',
    budget: 1500,
    args: {
      edits: [{ locate: 'shapes.ts:Square.area@return <|>', action: 'insert_before', text: '// side²\n' }],
    },
  },
];

async function connect(root) {
  const { createLocusMcpServer } = await import(pathToFileURL(path.join(REPO, 'dist/mcp/server.js')).href);
  const server = createLocusMcpServer({ root, log: () => {} });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.mcp.connect(serverSide), client.connect(clientSide)]);
  return { client, server };
}

const bytes = (value) => Buffer.byteLength(value, 'utf8');

/** Calls every tool once; each row: markdown and structuredContent bytes, compact and full. */
export async function runToolSizes(ctx) {
  if (!serverStatus(ctx.lib.lsp, 'typescript').available) {
    ctx.missingServers.add('typescript');
    return [];
  }
  const root = mkdtempSync(path.join(tmpdir(), 'locus-bench-tool-sizes-'));
  cpSync(path.join(REPO, 'test/fixtures/typescript/ops'), root, { recursive: true });
  const { client, server } = await connect(root);
  const { tools } = await client.listTools();
  const rows = [];
  try {
    for (const { tool, budget, args } of TOOL_CALLS) {
      const sizes = {};
      for (const detail of ['compact', 'full']) {
        const takesDetail = tools.find((t) => t.name === tool)?.inputSchema.properties?.detail !== undefined;
        const result = /** @type {import('@modelcontextprotocol/sdk/types.js').CallToolResult} */ (
          await client.callTool({
            name: tool,
            arguments: detail === 'full' && takesDetail ? { ...args, detail: 'full' } : args,
          })
        );
        const markdown = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
        const data = /** @type {{ error?: { code?: string } } | undefined} */ (result.structuredContent);
        sizes[detail] = {
          markdown: bytes(markdown),
          structured: bytes(JSON.stringify(data ?? {})),
          error: result.isError ? (data?.error?.code ?? 'error') : undefined,
        };
      }
      rows.push({ tool, budget, ...sizes });
    }
  } finally {
    await client.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}

const total = (size) => size.markdown + size.structured;

/** Target: every tool's compact answer within its budget. */
export function toolSizeTargets(rows) {
  if (rows.length === 0) return [];
  const over = rows.filter((r) => r.compact.error || total(r.compact) > r.budget);
  const worst = Math.max(...rows.map((r) => total(r.compact) / r.budget));
  return [
    {
      id: 'answers-per-tool-compact',
      what: 'MCP answer bytes (markdown + structuredContent), compact default, every tool within its budget',
      target: '≤ 1.0× budget',
      measured: `worst ${worst.toFixed(2)}× (${over.length ? over.map((r) => r.tool).join(', ') : 'none over'})`,
      met: over.length === 0,
      factor: worst,
    },
  ];
}

/** The table. */
export function renderToolSizes(rows) {
  if (rows.length === 0) return '';
  const body = rows.map((r) => [
    r.tool,
    r.compact.error ? `error ${r.compact.error}` : int(r.compact.markdown),
    int(r.compact.structured),
    int(total(r.compact)),
    int(r.budget),
    ratio(total(r.compact) / r.budget),
    int(total(r.full)),
  ]);
  return [
    '## Answer size per MCP tool (compact default)',
    'Bytes an agent receives from one call of each tool on test/fixtures/typescript/ops (TypeScript 7): the markdown text and the JSON of `structuredContent`, in the default compact form, against the tool\'s budget; `detail: "full"` beside it (the same call where a tool has no detail).',
    table(
      ['tool', 'markdown', 'structuredContent', 'compact total', 'budget', '÷ budget', 'full total'],
      body,
    ),
  ].join('\n\n');
}
