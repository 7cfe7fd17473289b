/** The io of a one-shot `locus` process: its own terminal, folder, stdin and Ctrl-C (cli/io.ts). */
import type { CliIo } from './io.js';
import { oneShotSessions } from './sessions.js';
import { writeStdout } from './write-stdout.js';

/** The process's own io. */
export function processIo(): CliIo {
  return {
    cwd: process.cwd(),
    stdout: writeStdout,
    // A getter: the stream is built on first use (a one-shot answer that prints nothing there never builds it).
    get stderr() {
      return process.stderr;
    },
    stdin: () => process.stdin,
    onInterrupt(cancel) {
      // Stays registered until released (a `once` listener would be gone when the server registry's own handler
      // runs, and that handler re-raises the signal when it is the only listener left).
      let interrupted = false;
      const listener = (): void => {
        if (interrupted) process.exit(130);
        interrupted = true;
        cancel();
      };
      process.on('SIGINT', listener);
      return () => process.off('SIGINT', listener);
    },
    sessions: oneShotSessions,
  };
}
