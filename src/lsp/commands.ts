/**
 * Command-based code actions (clangd tweaks such as "Expand macro"): the command runs with
 * `workspace/executeCommand`, and the server's `workspace/applyEdit` is captured as the edit to preview — the
 * server is told it was not applied, so nothing changes until Locus applies the preview itself.
 */
import { ExecuteCommandRequest, type Command, type WorkspaceEdit } from 'vscode-languageserver-protocol';
import { LocusError, isLocusError } from '../core/errors.js';
import { requireCapability } from './capabilities.js';
import type { ServerInstance } from './server-instance.js';

/** Runs a command and returns the edit it asked the client to apply (UTF-16), or null when it sent none. */
export async function captureCommandEdit(
  instance: ServerInstance,
  command: Command,
): Promise<WorkspaceEdit | null> {
  requireCapability(instance.capabilities, 'executeCommandProvider', instance.name);
  const captured: WorkspaceEdit[] = [];
  const { connection } = instance;
  if (connection.applyEditCapture !== undefined)
    throw new LocusError('SERVER_FAILED', `${instance.name} is already running a command.`, {
      hint: 'Try again when the other call has finished.',
    });
  connection.applyEditCapture = (edit) => captured.push(edit);
  try {
    await connection.request(
      ExecuteCommandRequest.type,
      { command: command.command, arguments: command.arguments ?? [] },
      instance.spec.requestTimeoutMs,
    );
  } catch (error) {
    // Servers report the refused applyEdit as a failed command; the captured edit is what counts.
    if (!isLocusError(error) || captured.length === 0) throw error;
  } finally {
    connection.applyEditCapture = undefined;
  }
  if (captured.length === 0) return null;
  const merged: WorkspaceEdit = { changes: {}, documentChanges: [] };
  for (const edit of captured.map((e) => instance.mapper.workspaceEdit(e))) {
    for (const [uri, edits] of Object.entries(edit.changes ?? {}))
      (merged.changes as Record<string, unknown[]>)[uri] = [...((merged.changes ?? {})[uri] ?? []), ...edits];
    merged.documentChanges?.push(...(edit.documentChanges ?? []));
  }
  return merged;
}
