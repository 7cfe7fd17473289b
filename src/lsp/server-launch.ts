/**
 * Launching a language server and the first half of its handshake: the process with a temp folder of its own
 * (removed when the spawn fails), and the `initialize` request's parameters and the position encoding the answer
 * settles on.
 */
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import type { InitializeParams, InitializeResult } from 'vscode-languageserver-protocol';
import type { PositionEncoding } from '../core/index.js';
import { clientCapabilities } from './capabilities.js';
import { spawnError } from './instance-errors.js';
import { makeSessionTmpDir, ServerProcess } from './server-process.js';
import type { LaunchCommand, ServerAdapter } from './servers/adapter.js';
import { pathToUri } from './uri.js';

/** What launching a server needs (part of an instance's spec). */
export interface LaunchSpec {
  adapter: ServerAdapter;
  root: string;
  /** Whether the workspace is trusted (handed to the adapter's `prepare`). */
  trusted?: boolean;
  launch: LaunchCommand;
  env: Record<string, string>;
  initializationOptions: unknown;
  positionEncodings: PositionEncoding[];
}

/** Spawns the server in its own temp folder, after the adapter's `prepare`; throws SERVER_NOT_INSTALLED or SERVER_FAILED. */
export async function spawnServer(spec: LaunchSpec): Promise<ServerProcess> {
  const tmpDir = makeSessionTmpDir(spec.adapter.id);
  try {
    const extraArgs =
      (await spec.adapter.prepare?.({ root: spec.root, tmpDir, trusted: spec.trusted === true })) ?? [];
    return await ServerProcess.spawn({
      command: spec.launch.command,
      args: [...spec.launch.args, ...extraArgs],
      cwd: spec.root,
      env: spec.env,
      tmpDir,
    });
  } catch (error) {
    rmSync(tmpDir, { recursive: true, force: true });
    throw spawnError(spec, error);
  }
}

/** The `initialize` request of a server: Locus's capabilities (and the adapter's extras) for the root folder. */
export function initializeParams(spec: LaunchSpec): InitializeParams {
  const { adapter, root, positionEncodings } = spec;
  return {
    processId: process.pid,
    clientInfo: { name: 'locus' },
    locale: 'en',
    rootPath: root,
    rootUri: pathToUri(root),
    workspaceFolders: [workspaceFolder(root)],
    capabilities: {
      ...clientCapabilities(positionEncodings),
      ...adapter.extraCapabilities?.(positionEncodings),
    },
    initializationOptions: spec.initializationOptions ?? undefined,
  };
}

/** The position encoding the server chose (`positionEncoding`, or clangd's older `offsetEncoding`); UTF-16 else. */
export function negotiatedEncoding(result: InitializeResult): PositionEncoding {
  const extension = (result as { offsetEncoding?: unknown }).offsetEncoding;
  const chosen = result.capabilities.positionEncoding ?? extension;
  return chosen === 'utf-8' || chosen === 'utf-32' ? chosen : 'utf-16';
}

/** The root as the one workspace folder. */
export function workspaceFolder(root: string): { uri: string; name: string } {
  return { uri: pathToUri(root), name: basename(root) || root };
}
