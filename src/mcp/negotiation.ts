/**
 * What an MCP session agrees with its client (docs/mcp.md, "Protocol"): the protocol version of `initialize`
 * (the client's when Locus speaks it, else the latest) and the log level of `logging/setLevel`.
 */
import { RPC_ERROR, type RpcParams } from '../core/json-rpc.js';
import { McpProtocolError } from './protocol-error.js';

const LATEST_PROTOCOL_VERSION = '2025-11-25';
const SUPPORTED_PROTOCOL_VERSIONS = [
  LATEST_PROTOCOL_VERSION,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];

/** The protocol version a session speaks when its client asks for `requested`. */
export function negotiateVersion(requested: unknown): string {
  return typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested)
    ? requested
    : LATEST_PROTOCOL_VERSION;
}

/** Log levels, least severe first (MCP, "Logging"). */
export const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The rank of the level `logging/setLevel` names; an unknown one is an invalid-params error. */
export function logLevelRank(params: RpcParams): number {
  const level = LOG_LEVELS.indexOf(params.level as LogLevel);
  if (level < 0)
    throw new McpProtocolError(RPC_ERROR.invalidParams, `Unknown log level ${String(params.level)}.`);
  return level;
}
