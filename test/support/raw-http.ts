import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: any;
  /** Milliseconds from the first byte written to the end of the response. */
  elapsedMs: number;
}

/**
 * A raw HTTP/1.1 exchange over a `node:net` socket, for requests no HTTP client will send:
 * a Content-Length that lies, a body that stalls, bytes that are not what the headers claim.
 * `head` is the request line and headers (without the blank line); `body` is written after
 * them as is. Resolves with the first complete response (by its Content-Length), rejects after
 * `timeoutMs` without one.
 */
export function rawRequest(
  port: number,
  head: string,
  body: Buffer | string = '',
  options: { timeoutMs?: number; keepOpen?: boolean } = {},
): Promise<RawResponse> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete response within ${timeoutMs} ms (got ${JSON.stringify(received.toString())})`));
    }, timeoutMs);
    const finish = (response: RawResponse) => {
      clearTimeout(timer);
      if (!options.keepOpen) socket.destroy();
      resolve(response);
    };
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(`${head.replace(/\r?\n/g, '\r\n')}\r\n\r\n`);
      if (body.length > 0) socket.write(body);
    });
    const tryParse = () => {
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      const bodyBytes = received.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
      if (bodyBytes.length < length) return;
      const bodyText = bodyBytes.subarray(0, length).toString('utf8');
      let parsed: unknown = bodyText;
      try {
        parsed = bodyText ? JSON.parse(bodyText) : null;
      } catch {
        // not JSON: keep the text
      }
      finish({
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: parsed,
        elapsedMs: Date.now() - started,
      });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse();
    });
  });
}
