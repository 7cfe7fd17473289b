/**
 * The MCP tool registry: every tool, its listing (`tools/list`, JSON Schemas made from the zod schemas) and its
 * calls (`tools/call`: arguments checked against the input schema). A tool call is routed to the Locus of its
 * workspace root (docs/mcp.md, "Roots"), runs, and turns any LocusError into an `isError` result; an unexpected
 * exception is logged to stderr and reported as an internal error. The server imports this module (and so zod)
 * on the first tool request, not at start (docs/performance.md, "Cold start").
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { abortable } from '../../core/call.js';
import { isLocusError } from '../../core/errors.js';
import { isRecord } from '../../core/records.js';
import { callScope } from '../call-scope.js';
import { RPC_ERROR } from '../../core/json-rpc.js';
import type { RequestContext } from '../protocol.js';
import type { Routed } from '../workspaces.js';
import { failure } from '../result.js';
import type { AnyTool } from '../tool-spec.js';
import { listedInputSchema, listedOutputSchema } from '../listed-schema.js';
import { codeActionsTool } from './code-actions.js';
import { completionTool } from './completion.js';
import { definitionTool } from './definition.js';
import { describeTool } from './describe.js';
import { diagnosticsTool } from './diagnostics.js';
import { callHierarchyTool, typeHierarchyTool } from './hierarchy.js';
import { editTool } from './edit.js';
import { formatRangeTool } from './format-range.js';
import { hoverTool } from './hover.js';
import { locateTool } from './locate.js';
import { outlineTool } from './outline.js';
import { referencesTool } from './references.js';
import { renameTool } from './rename.js';
import { signatureHelpTool } from './signature-help.js';
import { findSymbolTool, readSymbolTool, searchTool } from './workspace.js';

/** Every tool, in the order clients list them. */
export const TOOLS: readonly AnyTool[] = [
  locateTool,
  describeTool,
  outlineTool,
  definitionTool,
  referencesTool,
  renameTool,
  hoverTool,
  completionTool,
  signatureHelpTool,
  codeActionsTool,
  formatRangeTool,
  diagnosticsTool,
  callHierarchyTool,
  typeHierarchyTool,
  findSymbolTool,
  searchTool,
  readSymbolTool,
  editTool,
];

/** Runs one tool call; never throws. A cancelled call answers CANCELLED (if the client still listens). */
export async function callTool(
  tool: AnyTool,
  args: Record<string, unknown>,
  route: (args: Record<string, unknown>) => Promise<Routed>,
  log: (message: string) => void,
  context?: RequestContext,
): Promise<CallToolResult> {
  const call = callScope(context);
  try {
    const routed = await abortable(route(args), call.signal);
    return await tool.run(routed.locus, routed.args, call);
  } catch (error) {
    if (isLocusError(error)) return failure(error.toData(), tool.name);
    log(
      `internal error in ${tool.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    const message = error instanceof Error ? error.message : String(error);
    return {
      content: [
        { type: 'text', text: `Locus internal error in ${tool.name}: ${message}\n(This is a bug in Locus.)` },
      ],
      isError: true,
    };
  }
}

/** Where a tool call goes: the Locus of the call's workspace, and what to do with internal errors. */
export interface ToolRouting {
  route: (args: Record<string, unknown>) => Promise<Routed>;
  log: (message: string) => void;
}

/**
 * The answer to `tools/list` (JSON Schema draft 7, as MCP clients validate with; output schemas in their listed,
 * top-level form). The server keeps it (src/mcp/tool-listing.ts); the build writes it next to the bundle.
 */
export function listTools(): { tools: Record<string, unknown>[] } {
  return {
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: listedInputSchema(
        z.toJSONSchema(inputSchemaOf(tool), { target: 'draft-7', io: 'input' }) as Record<string, unknown>,
      ),
      outputSchema: listedOutputSchema(
        z.toJSONSchema(tool.outputSchema, { target: 'draft-7', io: 'output' }) as Record<string, unknown>,
      ),
      annotations: { title: tool.title, ...tool.annotations },
    })),
  };
}

const inputSchemas = new WeakMap<AnyTool, z.ZodObject>();

function inputSchemaOf(tool: AnyTool): z.ZodObject {
  let schema = inputSchemas.get(tool);
  if (schema === undefined) inputSchemas.set(tool, (schema = z.object(tool.inputSchema)));
  return schema;
}

/**
 * Answers `tools/call`. An unknown tool or arguments that do not fit the input schema are `isError` results
 * worded as MCP SDK servers word them (`Tool X not found`, `Input validation error: …`), so clients see the
 * same convention from every server.
 */
export async function answerToolCall(
  params: Record<string, unknown>,
  context: RequestContext,
  routing: ToolRouting,
): Promise<CallToolResult> {
  const name = String(params.name);
  const tool = TOOLS.find((t) => t.name === name);
  if (tool === undefined) return protocolFailure(`Tool ${name} not found`);
  const args = params.arguments ?? {};
  const parsed = inputSchemaOf(tool).safeParse(args);
  const unknown = isRecord(args)
    ? Object.keys(args).filter((key) => !Object.hasOwn(tool.inputSchema, key))
    : [];
  const unknownText =
    unknown.length > 0
      ? `unknown argument(s) ${unknown.map((k) => `\`${k}\``).join(', ')}; ${name} takes ${Object.keys(tool.inputSchema).join(', ')}`
      : undefined;
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => issueText(issue, args));
    if (unknownText) issues.push(unknownText);
    return protocolFailure(
      `Input validation error: Invalid arguments for tool ${name}: ${issues.join('\n')}`,
    );
  }
  const result = await callTool(tool, parsed.data, routing.route, routing.log, context);
  // A misspelt optional argument (`pagesize`) would otherwise be dropped without a word: say it was ignored.
  if (unknownText) result.content.push({ type: 'text', text: `Note: ignored ${unknownText}.` });
  return result;
}

/** One validation issue; a missing top-level argument says so (zod's own word for a union is "Invalid input"). */
function issueText(issue: z.core.$ZodIssue, args: unknown): string {
  const [key] = issue.path;
  if (issue.path.length === 1 && isRecord(args) && args[String(key)] === undefined)
    return `missing required argument \`${String(key)}\``;
  return issue.path.length === 0 ? issue.message : `${issue.message} at ${issue.path.join('.')}`;
}

function protocolFailure(message: string): CallToolResult {
  return {
    content: [{ type: 'text', text: `MCP error ${RPC_ERROR.invalidParams}: ${message}` }],
    isError: true,
  };
}
