/**
 * The MCP stdio transport with protocol guards (docs/security.md): a message over the size limit,
 * a line that is not JSON, or a request whose `params` is not an object gets a JSON-RPC error reply
 * and the session goes on. Oversized lines are skipped as they stream, never buffered whole.
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../core/records.js';

/** Default size limit of one incoming message (the SDK's own buffer limit). */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Bytes of an oversized line kept at each end to find its request id. */
const KEPT = 512;

type Id = string | number | null;

/** Stdio transport that answers malformed input instead of dying on it. */
export class GuardedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private parts: Buffer[] = [];
  private size = 0;
  private head = '';
  private tail = Buffer.alloc(0);
  private started = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('GuardedStdioTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.parts = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let from = 0;
    for (let newline = bytes.indexOf(0x0a, from); ; newline = bytes.indexOf(0x0a, from)) {
      this.take(bytes.subarray(from, newline < 0 ? bytes.length : newline));
      if (newline < 0) return;
      this.endLine();
      from = newline + 1;
    }
  };

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    const wasOver = this.size > this.maxMessageBytes;
    this.size += piece.length;
    if (this.size <= this.maxMessageBytes) {
      this.parts.push(piece);
      return;
    }
    if (!wasOver) {
      this.head = Buffer.concat([...this.parts, piece.subarray(0, KEPT)])
        .subarray(0, KEPT)
        .toString('utf8');
      this.parts = [];
    }
    this.tail = Buffer.concat([this.tail, piece]).subarray(-KEPT);
  }

  private endLine(): void {
    const size = this.size;
    const line = size > this.maxMessageBytes ? undefined : Buffer.concat(this.parts).toString('utf8');
    const id = line === undefined ? idOfOversized(this.head, this.tail.toString('utf8')) : null;
    this.parts = [];
    this.size = 0;
    this.head = '';
    this.tail = Buffer.alloc(0);
    if (line === undefined) {
      const message = `The message is ${size} bytes, over the limit of ${this.maxMessageBytes} (maxMessageBytes).`;
      void this.reply(id, -32600, message, {
        code: 'LIMIT_EXCEEDED',
        limit: 'maxMessageBytes',
        actual: size,
      });
      return;
    }
    this.handle(line.replace(/\r$/, ''));
  }

  private handle(line: string): void {
    if (line.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      void this.reply(null, -32700, 'Parse error: the line is not JSON.');
      return;
    }
    const record = isRecord(raw) ? raw : {};
    const id = typeof record.id === 'string' || typeof record.id === 'number' ? record.id : null;
    const params = record.params;
    if (
      typeof record.method === 'string' &&
      params !== undefined &&
      (typeof params !== 'object' || params === null || Array.isArray(params))
    ) {
      if (id !== null) void this.reply(id, -32602, 'Invalid params: `params` must be an object.');
      return;
    }
    if (!isJsonRpcMessage(record)) {
      if (id !== null || typeof record.method === 'string')
        void this.reply(id, -32600, 'Invalid request: not a JSON-RPC 2.0 message.');
      else this.onerror?.(new Error('Ignored a line that is not a JSON-RPC message.'));
      return;
    }
    this.onmessage?.(record as unknown as JSONRPCMessage);
  }

  private reply(id: Id, code: number, message: string, data?: Record<string, unknown>): Promise<void> {
    const error = data === undefined ? { code, message } : { code, message, data };
    return this.send({ jsonrpc: '2.0', id, error } as unknown as JSONRPCMessage);
  }
}

/** A JSON-RPC 2.0 request, notification or response (the shapes MCP uses; `params` was checked before). */
function isJsonRpcMessage(record: Record<string, unknown>): boolean {
  if (record.jsonrpc !== '2.0') return false;
  const id = record.id;
  const hasId = typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
  if (typeof record.method === 'string') return id === undefined || hasId;
  if (!hasId) return false;
  const error = record.error as Record<string, unknown> | undefined;
  if (error !== undefined)
    return typeof error === 'object' && typeof error.code === 'number' && typeof error.message === 'string';
  return typeof record.result === 'object' && record.result !== null;
}

/** The request id of an oversized message, from its first or last bytes (`"id":` at the top level). */
function idOfOversized(head: string, tail: string): Id {
  const first = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(head);
  const last = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$/.exec(tail);
  const found = first?.[1] ?? last?.[1];
  if (found === undefined) return null;
  try {
    return JSON.parse(found) as string | number;
  } catch {
    return null;
  }
}
