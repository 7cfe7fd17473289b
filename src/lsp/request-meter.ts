/**
 * Counts the requests Locus sends to its language servers and the time during which at least one of them was
 * outstanding (the union of their intervals: parallel requests are not counted twice). The bench reads it around
 * one operation to split the operation's wall time into the servers' share and Locus's own
 * (docs/performance.md, "Rename previews").
 */

/** Requests sent so far and the time at least one was outstanding. */
export interface RequestMeterReading {
  requests: number;
  busyMs: number;
}

/** One meter per LspManager, shared by all of its servers. */
export class RequestMeter {
  private requests = 0;
  private closedBusyMs = 0;
  private open = 0;
  private openSince = 0;

  /** Marks a request as sent; the returned function marks it answered (or given up), once. */
  begin(): () => void {
    this.requests++;
    if (this.open++ === 0) this.openSince = performance.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.open === 0) this.closedBusyMs += performance.now() - this.openSince;
    };
  }

  /** The totals so far, an outstanding busy period counted up to now. */
  reading(): RequestMeterReading {
    const running = this.open > 0 ? performance.now() - this.openSince : 0;
    return { requests: this.requests, busyMs: this.closedBusyMs + running };
  }
}
