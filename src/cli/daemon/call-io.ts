/**
 * The io of one call inside the background Locus (cli/io.ts): stdout and stderr go back to the client as messages,
 * stdin comes from it on request, Ctrl-C arrives as a message, and the caller's folder and terminal are the
 * client's (docs/operations.md, "The daemon").
 */
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { CliIo } from '../io.js';
import type { Sessions } from '../sessions.js';
import { frame, pieces, type ClientMessage, type DaemonMessage } from './protocol.js';

/** A call's io plus what the daemon feeds into it from the client's messages. */
export interface CallIo extends CliIo {
  /** A message from the client during the call (stdin, Ctrl-C). */
  receive(message: ClientMessage): void;
  /** The client went away: Ctrl-C for whatever is cancellable, end of stdin. */
  lost(): void;
  /** Sends the exit code (the last message of a call). */
  finish(code: number): void;
}

/** The io of a call on `socket`, started by its `call` message. */
export function callIo(
  socket: Socket,
  hello: Extract<ClientMessage, { t: 'call' }>,
  sessions: Sessions,
): CallIo {
  const send = (message: DaemonMessage): void => {
    if (!socket.destroyed && socket.writable) socket.write(frame(message));
  };
  const cancels = new Set<() => void>();
  let stdin: Readable | undefined;
  let gone = false;
  const interrupt = (): void => {
    for (const cancel of [...cancels]) cancel();
  };
  return {
    cwd: hello.cwd,
    stdout: (text) => {
      for (const s of pieces(text)) send({ t: 'out', s });
    },
    stderr: {
      isTTY: hello.tty,
      columns: hello.columns,
      write: (text: string | Uint8Array) => {
        const s = typeof text === 'string' ? text : Buffer.from(text).toString('utf8');
        for (const piece of pieces(s)) send({ t: 'err', s: piece });
        return true;
      },
    },
    stdin: () => {
      // Pulled piece by piece: the client reads its stdin only as far as the command does.
      stdin ??= new Readable({ read: () => (gone ? stdin?.push(null) : send({ t: 'pull' })) });
      return stdin;
    },
    onInterrupt(cancel) {
      cancels.add(cancel);
      send({ t: 'cancellable', on: true });
      return () => {
        cancels.delete(cancel);
        if (cancels.size === 0) send({ t: 'cancellable', on: false });
      };
    },
    sessions,
    receive(message) {
      if (message.t === 'in') stdin?.push(Buffer.from(message.d, 'base64'));
      else if (message.t === 'in-end') stdin?.push(null);
      else if (message.t === 'int') interrupt();
    },
    lost() {
      gone = true;
      interrupt();
      stdin?.push(null);
    },
    finish(code) {
      send({ t: 'exit', code });
      socket.end();
    },
  };
}
