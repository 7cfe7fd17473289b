/**
 * One LSP request as a Session runs it on a live server: capability check, sync, the readiness policy of its
 * operation (docs/performance.md, "readiness per operation"), the request (asked once more when the server dropped
 * it because the text moved), conversion and timing.
 */
import { abortable, emitProgress, type CallScope } from '../core/call.js';
import { isLocusError, type LocusError } from '../core/index.js';
import type { RequestType } from 'vscode-jsonrpc/node';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { requireCapability, type CapabilityName } from './capabilities.js';
import { documentDiagnostics } from './collect-diagnostics.js';
import type { Timed } from './connection.js';
import type { PositionMapper } from './encoding.js';
import type { ServerInstance } from './server-instance.js';
import type { ServerAdapter } from './servers/adapter.js';
import type { Supervisor } from './supervisor.js';
import type { LspAnswer } from './types.js';

/**
 * How a request relates to readiness: `wait` for it; `eager` asks at once and waits (then asks again)
 * only when a server that is not ready yet answers empty, so an empty answer of a loading server never comes
 * back as the truth; `flag` never waits but marks the answer; `none` ignores readiness (single-file requests;
 * docs/performance.md, "readiness per operation").
 */
export type ReadyMode = 'wait' | 'eager' | 'flag' | 'none';

/** One request as the session runs it. */
export interface RequestPlan<P, R, Out> {
  type: RequestType<P, R, unknown>;
  capability: CapabilityName | undefined;
  ready: ReadyMode;
  params: (uri: string, mapper: PositionMapper, diagnostics: Diagnostic[]) => P;
  convert: (result: R, uri: string, mapper: PositionMapper) => Out;
  /** For `eager`: an answer that may only mean "not loaded yet" (no location, no hover). */
  empty?: (out: Out) => boolean;
  /** Wait up to this long for the document's fresh diagnostics (server encoding) and pass them to `params`. */
  diagnosticsWaitMs?: number;
}

/** What a plan runs with besides the server: the session's adapter and supervisor, and the call it serves. */
export interface PlanContext {
  adapter: ServerAdapter;
  supervisor: Supervisor;
  call: CallScope;
  /** When the call began (`performance.now()`), for `timing.totalMs`. */
  began: number;
}

/** The file a plan asks about: its absolute path and current text (synced before the request). */
export interface PlanFile {
  absPath: string;
  text: string;
}

/** Runs one planned request on `instance`; `call.sent` turns true once the request went out (for the retry). */
export async function runPlan<P, R, Out>(
  context: PlanContext,
  instance: ServerInstance,
  call: { sent: boolean },
  file: PlanFile,
  plan: RequestPlan<P, R, Out>,
): Promise<LspAnswer<Out>> {
  const { signal } = context.call;
  if (plan.capability !== undefined) requireCapability(instance.capabilities, plan.capability, instance.name);
  const uri = await instance.sync(file.absPath, file.text);
  const send = async (): Promise<{ result: Out; ms: number }> => {
    const diagnostics =
      plan.diagnosticsWaitMs === undefined
        ? []
        : await documentDiagnostics(instance, uri, plan.diagnosticsWaitMs);
    const params = plan.params(uri, instance.mapper, diagnostics);
    call.sent = true;
    const timed = await sendOnce(context, instance, plan.type, params);
    return { result: plan.convert(timed.result, uri, instance.mapper), ms: timed.ms };
  };
  let answer: { result: Out; ms: number } | undefined;
  const eager = plan.ready === 'eager' && context.adapter.answersBeforeReady !== false;
  if (eager && instance.readiness.ready === false) {
    answer = await send();
    if (plan.empty?.(answer.result)) answer = undefined;
  }
  const waits = plan.ready === 'wait' || (plan.ready === 'eager' && answer === undefined);
  const waitStart = performance.now();
  if (waits && !instance.readiness.ready) {
    emitProgress(context.call.onProgress, {
      kind: 'project-loading',
      source: instance.name,
      message: `${instance.name}: loading project`,
    });
    await abortable(instance.waitReady(instance.readyDeadline), signal);
  }
  const readyWaitMs = performance.now() - waitStart;
  const settled =
    !waits ||
    (await abortable(instance.documents.settled(Math.min(5000, instance.spec.requestTimeoutMs)), signal));
  const ready = instance.readiness.ready && settled;
  answer ??= await send();
  const possiblyIncomplete = plan.ready !== 'none' && (!ready || instance.readiness.problem !== undefined);
  return {
    result: answer.result,
    possiblyIncomplete,
    ...(possiblyIncomplete
      ? {
          incompleteReason: instance.readiness.incompleteReason(instance.name, readyWaitMs, settled),
          unready: !ready,
        }
      : {}),
    server: context.adapter.id,
    timing: { requestMs: answer.ms, totalMs: performance.now() - context.began, readyWaitMs },
  };
}

/** Sends the request; a timeout is logged, and a request the server dropped as outdated is sent once more. */
async function sendOnce<P, R>(
  context: PlanContext,
  instance: ServerInstance,
  type: RequestType<P, R, unknown>,
  params: P,
): Promise<Timed<R>> {
  const timeout = instance.spec.requestTimeoutMs;
  const { signal } = context.call;
  try {
    return await instance.connection.request(type, params, timeout, signal);
  } catch (error) {
    if (isLocusError(error) && error.code === 'TIMEOUT')
      context.supervisor.log('warning', instance.name, error.message);
    if (!isOutdated(error)) throw error;
    return instance.connection.request(type, params, timeout, signal);
  }
}

/** ContentModified (-32801) and ServerCancelled (-32802): the server dropped the request because the text moved. */
function isOutdated(error: unknown): boolean {
  const code = (error as LocusError | undefined)?.details?.lspCode;
  return code === -32801 || code === -32802;
}
