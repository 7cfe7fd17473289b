/** Selection of the smallest keys among many offered, without sorting them all. */

/** The `limit` smallest keys offered (with their refs), kept sorted. */
export class TopK {
  private readonly keys: number[] = [];
  private readonly refs: number[] = [];
  constructor(private readonly limit: number) {}

  /** True once `limit` keys are kept: a key must then beat `worst` to get in. */
  get full(): boolean {
    return this.keys.length >= this.limit;
  }

  /** The largest key kept (Infinity while not full). */
  get worst(): number {
    return this.full ? (this.keys[this.keys.length - 1] as number) : Infinity;
  }

  offer(key: number, ref: number): void {
    const { keys } = this;
    if (keys.length >= this.limit && key >= (keys[keys.length - 1] as number)) return;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((keys[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    keys.splice(lo, 0, key);
    this.refs.splice(lo, 0, ref);
    if (keys.length > this.limit) {
      keys.pop();
      this.refs.pop();
    }
  }

  sorted(): { key: number; ref: number }[] {
    return this.keys.map((key, i) => ({ key, ref: this.refs[i] as number }));
  }
}
