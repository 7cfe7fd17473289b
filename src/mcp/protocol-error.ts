/** A protocol error: becomes the JSON-RPC error of the request (src/mcp/protocol.ts). */
export class McpProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`MCP error ${code}: ${message}`);
    this.name = 'McpProtocolError';
  }
}
