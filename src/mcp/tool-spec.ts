/**
 * The shape of one MCP tool: name, agent-facing description, input and output schemas, annotations, and
 * how it calls Locus and renders the answer.
 */
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { CallScope } from '../core/call.js';
import type { Locus } from '../ops/locus.js';

/** A tool's raw input shape (one zod schema per argument). */
export type InputShape = Record<string, z.ZodType>;

/** One tool, typed by its input shape. */
export interface ToolSpec<S extends InputShape> {
  name: string;
  title: string;
  description: string;
  inputSchema: S;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
  /** Runs the tool; a thrown LocusError becomes an `isError` result. `call` carries the cancel signal and progress. */
  run(locus: Locus, args: z.infer<z.ZodObject<S>>, call: CallScope): Promise<CallToolResult>;
}

/** A tool with its argument types erased, for the registry. */
export type AnyTool = ToolSpec<InputShape>;

/** Declares a tool (keeps argument types inside `run`, erases them for the registry). */
export function defineTool<S extends InputShape>(spec: ToolSpec<S>): AnyTool {
  return spec as unknown as AnyTool;
}

/** Annotations of a tool that only reads. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** Annotations of a tool that may write files when asked (`apply: true`). */
export const MAY_WRITE: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};

/** The call's cancel as an option of an offline operation (`{ signal }`, or nothing when there is none). */
export function signalOf(call: CallScope): { signal?: AbortSignal } {
  return call.signal === undefined ? {} : { signal: call.signal };
}
