/**
 * From a request's context (src/mcp/protocol.ts) to Locus's CallScope (docs/mcp.md, "Cancellation" and
 * "Progress"): the request's abort signal (fired by `notifications/cancelled` or a closed transport) cancels the
 * operation, and progress events become `notifications/progress` when the client sent a `progressToken`.
 */
import type { CallScope, ProgressEvent } from '../core/call.js';
import type { RequestContext } from './protocol.js';

/** The call scope of one tool call. */
export function callScope(extra: RequestContext | undefined): CallScope {
  if (extra === undefined) return {};
  const scope: CallScope = { signal: extra.signal };
  const token = extra.meta?.progressToken;
  if (token !== undefined) scope.onProgress = progressSender(token, extra);
  return scope;
}

/**
 * Sends each event as a progress notification. `progress` must increase with every notification, so it counts
 * events; a server's own percentage goes into `progress`/`total` only while it keeps increasing.
 */
function progressSender(token: string | number, extra: RequestContext): (event: ProgressEvent) => void {
  let last = 0;
  return (event) => {
    last = Math.max(last + 1, Math.floor(event.percentage ?? 0));
    const params: { progressToken: string | number; progress: number; message: string; total?: number } = {
      progressToken: token,
      progress: last,
      message: event.message,
    };
    if (event.done !== undefined && event.total !== undefined) {
      // Counted work (the index build): progress is the count, against its total.
      last = Math.max(last, event.done);
      params.progress = last;
      params.total = Math.max(event.total, last);
    }
    void extra.notify('notifications/progress', params);
  };
}
