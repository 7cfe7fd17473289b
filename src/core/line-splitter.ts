/**
 * The one bounded line reader of Locus, as a pure push parser: bytes in (`push`), whole lines out, each at most
 * `maxBytes` long. A longer line is skipped as it streams — never held whole — and comes out in its place as
 * `oversized`, with its first and last bytes kept (a JSON-RPC request's id is read from them). `end()` gives the
 * last line when the input does not end with a newline. Used by `locus check` (src/cli/line-reader.ts) and the MCP
 * stdio transport (src/mcp/guarded-stdio.ts).
 */

/** One input line (`\n` or `\r\n` removed), or the size and ends of one that was over the limit. */
export type BoundedLine =
  { kind: 'line'; text: string } | { kind: 'oversized'; bytes: number; head: string; tail: string };

const NEWLINE = 0x0a;
/** Bytes of an oversized line kept at each end. */
const KEPT = 512;

/** Splits a byte stream into bounded lines. */
export class LineSplitter {
  private parts: Uint8Array[] = [];
  private size = 0;
  private head: Uint8Array | undefined;
  private tail = new Uint8Array(0);

  /** `decode`: bytes to text, the face's own way (these are protocol lines, not workspace files). */
  constructor(
    private readonly maxBytes: number,
    private readonly decode: (bytes: Uint8Array) => string,
  ) {}

  /** The lines this chunk completes. */
  push(chunk: Uint8Array): BoundedLine[] {
    const lines: BoundedLine[] = [];
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, from);
      this.take(chunk.subarray(from, newline < 0 ? chunk.length : newline));
      if (newline < 0) return lines;
      lines.push(this.finish());
      from = newline + 1;
    }
  }

  /** The last line when the input ended without a newline (none when it ended with one). */
  end(): BoundedLine[] {
    return this.size > 0 ? [this.finish()] : [];
  }

  private take(piece: Uint8Array): void {
    if (piece.length === 0) return;
    const wasOver = this.size > this.maxBytes;
    this.size += piece.length;
    if (this.size <= this.maxBytes) {
      this.parts.push(piece);
      return;
    }
    if (!wasOver) {
      this.head = concat([...this.parts, piece.subarray(0, KEPT)]).subarray(0, KEPT);
      this.parts = [];
    }
    this.tail = concat([this.tail, piece]).slice(-KEPT);
  }

  private finish(): BoundedLine {
    const line: BoundedLine =
      this.size > this.maxBytes
        ? {
            kind: 'oversized',
            bytes: this.size,
            head: this.decode(this.head ?? new Uint8Array(0)),
            tail: this.decode(this.tail),
          }
        : { kind: 'line', text: this.decode(concat(this.parts)).replace(/\r$/, '') };
    this.parts = [];
    this.size = 0;
    this.head = undefined;
    this.tail = new Uint8Array(0);
    return line;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
