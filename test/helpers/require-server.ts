/**
 * Policy for tests that need a real language server: a missing server is a LOUD skip locally (console.warn naming
 * the server and its install command) and a FAILURE under `CI=true`. Use `describeWithServer` for whole suites or
 * `serverStatus` to decide yourself.
 */
import { describe, it } from 'vitest';
import { BUILTIN_ADAPTERS } from '../../src/lsp/servers/index.js';
import { configuredCommand } from '../../src/lsp/servers/resolve.js';

/** Whether a built-in adapter's server can be launched here, and if not why and how to install it. */
export interface ServerStatus {
  available: boolean;
  reason?: string;
  install?: string;
}

const warned = new Set<string>();

/** A server Locus does not start by default, given to a test by its command (docs/languages.md, "Any other server"). */
export interface ConfiguredServer {
  /** The executable, looked up on PATH as a `command` in locus.config.json is. */
  command: string;
  /** How to install it (shown in the skip message). */
  install: string;
}

/** A built-in adapter id, or a server given by command. */
export type ServerRef = string | ConfiguredServer;

/** The name a server is reported under in skip messages. */
export function serverName(server: ServerRef): string {
  return typeof server === 'string' ? server : server.command;
}

/** Resolves the adapter's (or the configured) command without starting it. */
export function serverStatus(server: ServerRef): ServerStatus {
  if (typeof server !== 'string') {
    try {
      configuredCommand(server.command, process.cwd(), server.command);
      return { available: true };
    } catch (error) {
      return { available: false, reason: (error as Error).message, install: server.install };
    }
  }
  const adapter = BUILTIN_ADAPTERS.get(server);
  if (adapter === undefined) throw new Error(`unknown server adapter ${server}`);
  try {
    adapter.resolve();
    return { available: true };
  } catch (error) {
    return { available: false, reason: (error as Error).message, install: adapter.installHint };
  }
}

/** True under CI, where a missing server must fail the run. */
export function missingServerFails(): boolean {
  return process.env.CI === 'true';
}

/** `describe` that skips loudly (locally) or fails (CI) when the server is not installed. */
export function describeWithServer(server: ServerRef, name: string, body: () => void): void {
  const adapterId = serverName(server);
  const status = serverStatus(server);
  if (status.available) {
    describe(name, body);
    return;
  }
  const message = `${adapterId} is not installed (${status.reason}). Install: ${status.install}`;
  if (missingServerFails()) {
    describe(name, () => {
      it(`needs ${adapterId}`, () => {
        throw new Error(`CI=true and ${message}`);
      });
    });
    return;
  }
  if (!warned.has(adapterId)) {
    warned.add(adapterId);
    console.warn(`\n⚠️  SKIPPING "${name}": ${message}\n`);
  }
  describe.skip(name, body);
}
