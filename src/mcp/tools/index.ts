/**
 * The MCP tool registry: every tool, and their registration on an McpServer. A tool call is routed to the
 * Locus of its workspace root (docs/mcp.md, "Roots"), runs, and turns any LocusError into an
 * `isError` result; an unexpected exception is logged to stderr and reported as an internal error.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { abortable } from '../../core/call.js';
import { isLocusError } from '../../core/errors.js';
import { callScope, type ToolExtra } from '../call-scope.js';
import type { Routed } from '../workspaces.js';
import { failure } from '../result.js';
import type { AnyTool } from '../tool-spec.js';
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
  extra?: ToolExtra,
): Promise<CallToolResult> {
  const call = callScope(extra);
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

/** Registers every tool on `server`. */
export function registerTools(
  server: McpServer,
  route: (args: Record<string, unknown>) => Promise<Routed>,
  log: (message: string) => void,
): void {
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, ...tool.annotations },
      },
      (args: Record<string, unknown>, extra: ToolExtra) => callTool(tool, args, route, log, extra),
    );
  }
}
