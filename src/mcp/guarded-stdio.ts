/**
 * The MCP stdio transport (docs/security.md): newline-delimited JSON through the one bounded line reader
 * (src/core/line-splitter.ts). A line over the size limit or one that is not JSON gets its JSON-RPC error reply
 * here; every parsed value — a message, a batch, `42` — goes to the session, which answers what is not a valid
 * message (src/mcp/protocol.ts). Oversized lines are skipped as they stream, never buffered whole; a last line
 * without a newline is read at the end of the input. Reading stops while more than `MAX_UNSENT_BYTES` of answers
 * wait to be written (a client that does not read its stdout) or while the session asks (too many calls).
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { errorResponse, RPC_ERROR, type RpcId } from '../core/json-rpc.js';
import { LineSplitter, type BoundedLine } from '../core/line-splitter.js';

/** Default size limit of one incoming message (the SDK's own buffer limit). */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Answers written but not yet taken by the client, beyond which input is not read. */
export const MAX_UNSENT_BYTES = 16 * 1024 * 1024;

/** Stdio transport that answers malformed input instead of dying on it. */
export class GuardedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  /** The input ended (after its last line was delivered); `onclose` follows when the session closes. */
  onend?: () => void;
  private readonly splitter: LineSplitter;
  /** Lines read but not yet delivered (reading was paused within a chunk). */
  private held: BoundedLine[] = [];
  private readonly paused = new Set<string>();
  /** Why the connection ended (for the log): the input ended, or the output failed. */
  reason = 'the transport was closed';
  private started = false;
  private delivering = false;
  private ended = false;
  private closed = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES,
  ) {
    this.splitter = new LineSplitter(maxMessageBytes, (bytes) =>
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'),
    );
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('GuardedStdioTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('close', this.onEnd);
    this.stdin.on('error', this.onStreamError);
    this.stdout.on('error', this.onOutputError);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('close', this.onEnd);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.held = [];
    this.onclose?.();
  }

  /**
   * Writes one message. It resolves at once: a slow reader is handled by no longer reading input while the
   * unsent answers are over the bound, not by keeping every sender waiting.
   */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    this.stdout.write(`${JSON.stringify(message)}\n`);
    if (this.stdout.writableLength > MAX_UNSENT_BYTES && !this.paused.has('unsent')) {
      this.setReading('unsent', false);
      this.stdout.once('drain', () => this.setReading('unsent', true));
    }
  }

  /** Stops (`on: false`) or resumes reading input for `reason`; reading goes on when no reason holds it. */
  setReading(reason: string, on: boolean): void {
    if (on === !this.paused.has(reason)) return;
    if (on) this.paused.delete(reason);
    else this.paused.add(reason);
    if (this.paused.size > 0) {
      this.stdin.pause();
      return;
    }
    this.deliverHeld();
    if (this.paused.size === 0 && !this.ended && !this.closed) this.stdin.resume();
  }

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  /** Nobody reads the answers any more: the connection is over. */
  private readonly onOutputError = (error: Error): void => {
    this.reason = `stdout failed: ${error.message}`;
    void this.close();
  };

  private readonly onData = (chunk: Buffer | string): void => {
    this.held.push(...this.splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    this.deliverHeld();
  };

  private readonly onEnd = (): void => {
    if (this.ended) return;
    this.ended = true;
    this.reason = 'stdin ended';
    this.held.push(...this.splitter.end());
    this.deliverHeld();
  };

  /** Delivers held lines while reading is on; one loop at a time (a delivery may pause or resume reading). */
  private deliverHeld(): void {
    if (this.delivering) return;
    this.delivering = true;
    try {
      while (this.held.length > 0 && this.paused.size === 0 && !this.closed)
        this.deliver(this.held.shift() as BoundedLine);
    } finally {
      this.delivering = false;
    }
    if (this.ended && this.held.length === 0 && !this.closed) {
      const onend = this.onend;
      this.onend = undefined;
      if (onend) onend();
      else void this.close();
    }
  }

  private deliver(line: BoundedLine): void {
    if (line.kind === 'oversized') {
      const message = `The message is ${line.bytes} bytes, over the limit of ${this.maxMessageBytes} (maxMessageBytes).`;
      const data = { code: 'LIMIT_EXCEEDED', limit: 'maxMessageBytes', actual: line.bytes };
      void this.reply(idOfOversized(line.head, line.tail), {
        code: RPC_ERROR.invalidRequest,
        message,
        data,
      });
      return;
    }
    if (line.text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      void this.reply(null, { code: RPC_ERROR.parseError, message: 'Parse error: the line is not JSON.' });
      return;
    }
    this.onmessage?.(value as JSONRPCMessage);
  }

  private reply(id: RpcId | null, error: { code: number; message: string; data?: unknown }): Promise<void> {
    return this.send(errorResponse(id, error) as unknown as JSONRPCMessage);
  }
}

/** The request id of an oversized message, from its first or last bytes (`"id":` at the top level). */
function idOfOversized(head: string, tail: string): RpcId | null {
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
