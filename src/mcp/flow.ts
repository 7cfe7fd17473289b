/**
 * Backpressure of the MCP session (docs/security.md, "Bounded memory"): at most `MAX_RUNNING` calls run at once,
 * later ones wait for a slot (parsed, not started), and once `MAX_BACKLOG` calls are running or waiting the
 * transport stops reading input until the backlog shrinks. Together with the transport's bound on unsent output
 * (src/mcp/guarded-stdio.ts) a client that sends without reading cannot make the server grow without bound.
 * Cheap requests (`ping`, the handshake) never take a slot, so they never wait behind expensive ones.
 */

/** Calls that may run at once. */
export const MAX_RUNNING = 32;
/** Running plus waiting calls at which the transport stops reading. */
export const MAX_BACKLOG = 64;

/** A transport that can stop reading for a while (the stdio one can; in-memory test transports cannot). */
export interface Pausable {
  setReading?(reason: string, on: boolean): void;
}

/** Hands out run slots in arrival order and tells the transport when to stop reading. */
export class CallSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly transport: () => Pausable | undefined) {}

  /** Resolves when the call may run; call the returned function when it is done. */
  async acquire(): Promise<() => void> {
    if (this.running >= MAX_RUNNING) {
      const turn = new Promise<void>((resolve) => this.waiting.push(resolve));
      this.update();
      await turn;
    } else this.running++;
    this.update();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // A waiting call takes the slot over; otherwise the slot is free.
      if (next) next();
      else this.running--;
      this.update();
    };
  }

  private update(): void {
    this.transport()?.setReading?.('backlog', this.running + this.waiting.length < MAX_BACKLOG);
  }
}
