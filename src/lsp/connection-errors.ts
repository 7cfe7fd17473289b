/**
 * The errors of a server's connection: output that is not LSP, a body over the cap, a connection that ended, a
 * request that timed out or was answered with an error, and the write that found the server gone (EPIPE).
 */
import { LocusError } from '../core/index.js';
import type { ResponseError } from 'vscode-jsonrpc/node';
import { RPC_ERROR } from '../core/json-rpc.js';
import { MAX_BODY_BYTES } from './framing-guard.js';

/** SERVER_FAILED for a server whose stdout is not LSP (also used by the framing guard). */
export function garbled(name: string, detail: string): LocusError {
  return new LocusError('SERVER_FAILED', `${name} wrote output that is not LSP on stdout: ${detail}`, {
    hint: 'The server was stopped; the next call starts it again. Check its command and arguments.',
    details: { kind: 'garbage' },
  });
}

/** SERVER_FAILED for a server that declared a message body over the cap (the framing guard). */
export function oversized(name: string, declared: number): LocusError {
  return new LocusError(
    'SERVER_FAILED',
    `${name} declared a message of ${declared} bytes, over the limit of ${MAX_BODY_BYTES} (64 MiB); it was stopped.`,
    {
      hint: 'The next call starts it again. A server that sends such messages is broken or not a language server; check its command.',
      details: { kind: 'oversized', declared, max: MAX_BODY_BYTES },
    },
  );
}

/** SERVER_FAILED for a server whose connection ended without a known exit. */
export function closed(name: string): LocusError {
  return new LocusError('SERVER_FAILED', `${name} closed its connection unexpectedly.`, {
    hint: 'The next call restarts the server.',
    details: { kind: 'crash' },
  });
}

/** TIMEOUT for a request the server did not answer in time (it was cancelled). */
export function timeoutError(name: string, method: string, ms: number): LocusError {
  return new LocusError(
    'TIMEOUT',
    `${name} did not answer ${method} within ${ms} ms; the request was cancelled.`,
    {
      hint: 'Retry, or raise requestTimeoutMs in locus.config.json for large projects.',
      details: { method, timeoutMs: ms },
    },
  );
}

/** The error a server answered a request with: CAPABILITY_MISSING for an unknown method, else SERVER_FAILED. */
export function responseError(name: string, method: string, error: ResponseError<unknown>): LocusError {
  const details = { kind: 'request-error', method, lspCode: error.code, serverMessage: error.message };
  if (error.code === RPC_ERROR.methodNotFound) {
    return new LocusError('CAPABILITY_MISSING', `${name} does not implement ${method}.`, { details });
  }
  return new LocusError('SERVER_FAILED', `${name} answered ${method} with an error: ${error.message}`, {
    hint: 'The server refused the request; the position or the request may not be valid for it.',
    details,
  });
}

/** A write to a server whose stdin is gone: the server died before the write. */
export function isPipeError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    code === 'EPIPE' ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_DESTROYED' ||
    /\bEPIPE\b/.test(error.message)
  );
}
