/**
 * The MCP tool registry: every tool, and their registration on an McpServer. A tool call resolves the
 * shared Locus (created once the workspace root is known), runs, and turns any LocusError into an
 * `isError` result; an unexpected exception is logged to stderr and reported as an internal error.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isLocusError } from '../../core/errors.js';
import type { Locus } from '../../ops/locus.js';
import { failure } from '../result.js';
import type { AnyTool, ToolExtra } from '../tool-spec.js';
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

/** Runs one tool call; never throws. */
export async function callTool(
  tool: AnyTool,
  args: Record<string, unknown>,
  getLocus: () => Promise<Locus>,
  log: (message: string) => void,
  extra?: ToolExtra,
): Promise<CallToolResult> {
  try {
    return await tool.run(await getLocus(), args, extra);
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
  getLocus: () => Promise<Locus>,
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
      (args: Record<string, unknown>, extra: ToolExtra) => callTool(tool, args, getLocus, log, extra),
    );
  }
}
