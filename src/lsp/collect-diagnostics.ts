/**
 * The diagnostics of one document for the `diagnostics` operation and verified edits: pulled
 * (`textDocument/diagnostic`) where the server supports it, else the pushed set once the server has settled —
 * ready, the document's fresh set arrived, and a quiet period passed without another (docs/verified-edits.md).
 */
import { DocumentDiagnosticRequest, type Diagnostic } from 'vscode-languageserver-protocol';
import type { ServerInstance } from './server-instance.js';

/** How a document's diagnostics were obtained, and what waiting it took. */
export interface CollectedDiagnostics {
  /** UTF-16 ranges. */
  diagnostics: Diagnostic[];
  mode: 'pulled' | 'pushed';
  /** Milliseconds spent waiting for readiness and for the server to go quiet. */
  waitedMs: number;
  /** False when the bound passed before the server was ready and quiet (the list may be stale or partial). */
  settled: boolean;
}

/** Bounds of the wait for pushed diagnostics. */
export interface CollectOptions {
  /** No new set for this long means the server is done with the document. */
  quietMs: number;
  /** Give up waiting after this long (the answer says it did not settle). */
  timeoutMs: number;
  /**
   * A `performance.now()` time the quiet period counts from at the earliest: after other documents changed, an
   * unchanged one may be republished, and its last set is not yet known to be current.
   */
  since?: number;
}

/** Default bounds: quiet for 300 ms, at most 15 s. */
export const DEFAULT_COLLECT: CollectOptions = { quietMs: 300, timeoutMs: 15_000 };

/** Collects one synced document's diagnostics (see the module comment). */
export async function collectDiagnostics(
  instance: ServerInstance,
  uri: string,
  options: CollectOptions,
): Promise<CollectedDiagnostics> {
  const began = performance.now();
  const deadline = began + options.timeoutMs;
  await instance.waitReady(Math.min(deadline, Math.max(instance.readyDeadline, began)));
  if (instance.capabilities.diagnosticProvider !== undefined) {
    const report = await instance.connection.request(
      DocumentDiagnosticRequest.type,
      { textDocument: { uri } },
      Math.max(1, deadline - performance.now()),
    );
    const items = report.result.kind === 'full' ? report.result.items : [];
    return {
      diagnostics: instance.mapper.diagnostics(uri, items, 'fromServer'),
      mode: 'pulled',
      waitedMs: performance.now() - began - report.ms,
      settled: instance.readiness.ready,
    };
  }
  const { list, settled } = await instance.diagnostics.settle(uri, options.quietMs, deadline, options.since);
  return {
    diagnostics: instance.mapper.diagnostics(uri, list, 'fromServer'),
    mode: 'pushed',
    waitedMs: performance.now() - began,
    settled: settled && instance.readiness.ready,
  };
}

/**
 * A document's latest diagnostics for a request that passes them back (code actions): pulled when the server
 * supports it (TypeScript 7, rust-analyzer), else the latest pushed, waiting up to `waitMs` for a fresh set.
 */
export async function documentDiagnostics(
  instance: ServerInstance,
  uri: string,
  waitMs: number,
): Promise<Diagnostic[]> {
  if (instance.capabilities.diagnosticProvider !== undefined) {
    try {
      const report = await instance.connection.request(
        DocumentDiagnosticRequest.type,
        { textDocument: { uri } },
        waitMs,
      );
      if (report.result.kind === 'full') return report.result.items;
    } catch {
      // Fall back to what the server pushed.
    }
  }
  return instance.diagnostics.current(uri, waitMs);
}
