/**
 * Policy for tests that need a real language server: a missing server is a LOUD skip locally (console.warn naming
 * the server and its install command) and a FAILURE under `CI=true`. Use `describeWithServer` for whole suites or
 * `serverStatus` to decide yourself.
 */
import { describe, it } from 'vitest';
import { BUILTIN_ADAPTERS } from '../../src/lsp/servers/index.js';

/** Whether a built-in adapter's server can be launched here, and if not why and how to install it. */
export interface ServerStatus {
  available: boolean;
  reason?: string;
  install?: string;
}

const warned = new Set<string>();

/** Resolves the adapter's command without starting it. */
export function serverStatus(adapterId: string): ServerStatus {
  const adapter = BUILTIN_ADAPTERS.get(adapterId);
  if (adapter === undefined) throw new Error(`unknown server adapter ${adapterId}`);
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
export function describeWithServer(adapterId: string, name: string, body: () => void): void {
  const status = serverStatus(adapterId);
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
