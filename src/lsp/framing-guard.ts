/**
 * Watches a server's stdout for output that is not LSP base-protocol framing (`Header: value\r\n…\r\n\r\n` + body).
 *
 * vscode-jsonrpc buffers text without a blank line forever, so a server that prints `hello` to stdout would just
 * look hung. This guard runs beside the JSON-RPC reader (a second `data` listener) and reports the first bytes that
 * cannot be a header, so the session fails fast with SERVER_FAILED instead of timing out.
 *
 * It also bounds memory: vscode-jsonrpc keeps a message's bytes until its declared `Content-Length` has arrived, so
 * a header declaring 100 GB would have it buffer without end. A declared body over MAX_BODY_BYTES is reported as
 * soon as its header ends, before its body is read (docs/security.md, "Limits").
 */
import type { Readable } from 'node:stream';

const MAX_HEADER_BYTES = 8192;
/** The largest message body a server may declare (real answers, even workspace-wide ones, stay far below). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
const CR = 13;
const LF = 10;
const COLON = 58;

/**
 * Calls `onGarbage` (once) with a printable sample when the stream breaks LSP framing, or `onOversized` with the
 * declared length when a header declares a body over `maxBody` bytes; after either the stream is destroyed, so
 * nothing more is read or buffered.
 */
export function guardFraming(
  stream: Readable,
  onGarbage: (sample: string) => void,
  onOversized: (declared: number) => void,
  maxBody = MAX_BODY_BYTES,
): void {
  let remainingBody = 0;
  let header: number[] = [];
  let inName = true;
  let sawLength = false;
  let failed = false;
  const fail = (chunk: Buffer, at: number): void => {
    failed = true;
    const sample = Buffer.concat([Buffer.from(header), chunk.subarray(at, at + 120)]).toString('utf8');
    onGarbage(sample.slice(0, 120));
    stream.destroy();
  };
  stream.on('data', (chunk: Buffer) => {
    let i = 0;
    while (!failed && i < chunk.length) {
      if (remainingBody > 0) {
        const take = Math.min(remainingBody, chunk.length - i);
        remainingBody -= take;
        i += take;
        continue;
      }
      const byte = chunk[i] as number;
      header.push(byte);
      if (header.length > MAX_HEADER_BYTES) return fail(chunk, i + 1);
      if (byte === LF) {
        if (header[header.length - 2] !== CR) return fail(chunk, i + 1);
        if (isBlankLine(header)) {
          const length = contentLength(header);
          if (length === undefined || !sawLength) return fail(chunk, i + 1);
          if (length > maxBody) {
            failed = true;
            onOversized(length);
            // The JSON-RPC reader would otherwise go on buffering what follows.
            return void stream.destroy();
          }
          remainingBody = length;
          header = [];
          sawLength = false;
        } else if (inName) return fail(chunk, i + 1);
        inName = true;
      } else if (byte === CR) {
        // checked when the LF arrives
      } else if (inName) {
        if (byte === COLON) {
          inName = false;
          sawLength ||= /^content-length$/i.test(lastLineName(header));
        } else if (!isTokenByte(byte)) return fail(chunk, i + 1);
      } else if (byte < 0x20 && byte !== 9) return fail(chunk, i + 1);
      i++;
    }
  });
}

function isBlankLine(header: number[]): boolean {
  const n = header.length;
  return n === 2 || (header[n - 3] === LF && header[n - 4] === CR);
}

function isTokenByte(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x2d
  );
}

function lastLineName(header: number[]): string {
  const text = Buffer.from(header).toString('latin1');
  const lineStart = text.lastIndexOf('\n') + 1;
  return text.slice(lineStart, text.length - 1);
}

function contentLength(header: number[]): number | undefined {
  const match = /(?:^|\r\n)content-length:[ \t]*(\d+)[ \t]*\r\n/i.exec(
    Buffer.from(header).toString('latin1'),
  );
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
