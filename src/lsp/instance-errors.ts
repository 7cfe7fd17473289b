/** The errors a server instance reports: it could not start, it crashed, it hung. */
import { LocusError } from '../core/index.js';
import type { ServerAdapter } from './servers/adapter.js';

/** What a failed start names: the server and the command that was run. */
export interface SpawnTarget {
  adapter: Pick<ServerAdapter, 'id' | 'name' | 'installHint'>;
  launch: { command: string };
}

/** SERVER_NOT_INSTALLED when the command is missing, else SERVER_FAILED. */
export function spawnError(spec: SpawnTarget, error: unknown): LocusError {
  if (error instanceof LocusError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const details = {
    server: spec.adapter.id,
    command: spec.launch.command,
    install: spec.adapter.installHint,
  };
  if (code === 'ENOENT') {
    return new LocusError(
      'SERVER_NOT_INSTALLED',
      `${spec.adapter.name}: \`${spec.launch.command}\` was not found.`,
      {
        hint: `Install it with: ${spec.adapter.installHint}`,
        details,
        cause: error,
      },
    );
  }
  return new LocusError('SERVER_FAILED', `${spec.adapter.name} could not be started: ${String(error)}`, {
    details,
    cause: error,
  });
}

/** SERVER_FAILED for a server that exited on its own, with the tail of its stderr. */
export function crashed(
  name: string,
  code: number | null,
  signal: string | null,
  stderr: string,
): LocusError {
  const how = signal !== null ? `was killed by ${signal}` : `exited with code ${String(code)}`;
  const tail = stderr === '' ? '' : ` Last stderr: ${stderr.slice(-600)}`;
  return new LocusError('SERVER_FAILED', `${name} ${how} unexpectedly.${tail}`, {
    hint: 'The next call restarts the server (with backoff, a few times per window).',
    details: { kind: 'crash', exitCode: code, signal },
  });
}

/** SERVER_FAILED for a server that ignored a cancelled request. */
export function hung(name: string, method: string): LocusError {
  return new LocusError(
    'SERVER_FAILED',
    `${name} stopped responding (it ignored the cancellation of ${method}).`,
    {
      hint: 'The server was killed; the next call starts it again.',
      details: { kind: 'hung', method },
    },
  );
}
