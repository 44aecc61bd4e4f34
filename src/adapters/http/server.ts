import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { metadataFor } from './envelope.js';
import { toErrorResponse } from './error-mapper.js';
import { HeadersTimeout } from './http-errors.js';

export interface ServerLimits {
  /** `HEADERS_TIMEOUT_MS`: time a request's header block has to arrive in full. */
  headersTimeoutMs: number;
}

/** Node checks its timeouts on a timer: this often, so an answer comes within a tenth of the limit of it. */
export function connectionsCheckingInterval(headersTimeoutMs: number): number {
  return Math.min(1_000, Math.max(10, Math.floor(headersTimeoutMs / 10)));
}

/** Node's own answers to the other client errors, unchanged (an error listener replaces them). */
const RAW_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
};

function headersTimeoutAnswer(): string {
  const { status, body } = toErrorResponse(new HeadersTimeout());
  const json = JSON.stringify({ ...body, metadata: metadataFor(randomUUID()) });
  return [
    `HTTP/1.1 ${status} Request Timeout`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

/**
 * The API's HTTP server. A header block that never ends is answered 408 `REQUEST_TIMEOUT` (the
 * envelope) and the connection closed `headersTimeoutMs` after the request began, give or take
 * the checking interval (Node's default: 60 s, checked every 30 s). Bodies have their own limit
 * (BODY_TIMEOUT_MS, input-guard.ts).
 */
export function createApiServer(app: RequestListener, limits: ServerLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(limits.headersTimeoutMs),
    },
    app,
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent && err.code !== 'ECONNRESET') {
      if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.write(headersTimeoutAnswer());
      else socket.write(`HTTP/1.1 ${RAW_ANSWERS[err.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroy(err);
  });
  return server;
}
