import { connect } from 'node:net';

export interface RawAnswer {
  /** 0 when the server closed or reset the connection without an answer. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How the connection ended: 'closed' after an answer or a plain close, 'reset', or 'timeout' (ours). */
  ending: 'closed' | 'reset' | 'timeout';
  elapsedMs: number;
}

/**
 * Sends bytes exactly as given over a fresh connection (no client fixes up a bad Host or
 * Content-Length) and reads until the server closes it. `Connection: close` is the caller's
 * business; without it the server keeps the connection until its keep-alive timeout.
 */
export function rawRequest(
  port: number,
  request: string | Buffer | (string | Buffer)[],
  { timeoutMs = 10_000, endAfterSend = false } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let ending: RawAnswer['ending'] = 'closed';
    const socket = connect(port, '127.0.0.1', () => {
      for (const part of Array.isArray(request) ? request : [request]) socket.write(part);
      if (endAfterSend) socket.end();
    });
    const timer = setTimeout(() => {
      ending = 'timeout';
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') ending = 'reset';
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ ...parseAnswer(Buffer.concat(chunks)), ending, elapsedMs: performance.now() - started });
    });
  });
}

function parseAnswer(data: Buffer): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const text = data.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: end === -1 ? '' : data.subarray(Buffer.byteLength(head, 'latin1') + 4).toString() };
}
