import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { TEST_DATABASE_URL } from '../support/database.js';
import { rawRequest } from '../support/raw-http.js';
import { ADMIN_TOKEN, call, startTestService, type TestService } from '../support/service.js';
import { v1 } from '../support/envelope.js';

const DB = TEST_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
const BODY_TIMEOUT_MS = 600;
const HEADERS_TIMEOUT_MS = 700;

/**
 * Hostile sockets, over raw sockets against the real server: a Content-Length that
 * promises more than is sent must not hold the socket until the 300 s request timeout.
 */
describe(`e2e: request bodies that lie or stall, over raw sockets (${DB})`, () => {
  let svc: TestService;
  let port: number;
  const open: Socket[] = [];

  before(async () => {
    svc = await startTestService({ bodyTimeoutMs: BODY_TIMEOUT_MS, headersTimeoutMs: HEADERS_TIMEOUT_MS });
    port = Number(new URL(svc.baseUrl).port);
  });
  after(async () => {
    for (const s of open) s.destroy();
    await svc.stop();
  });

  const head = (path: string, length: number, extra: string[] = []) =>
    [
      `POST ${path} HTTP/1.1`,
      'Host: x',
      'Content-Type: application/json',
      `Authorization: Bearer ${ADMIN_TOKEN}`,
      `Content-Length: ${length}`,
      ...extra,
    ].join('\n');

  it('answers a declared length above 1 MiB with 413 at once, without reading the body', async () => {
    for (const path of ['/api/v1/admin/tenants', '/api/v1/external/products/adjust']) {
      const r = await rawRequest(port, head(path, 1024 * 1024 + 1), '{"name":', { timeoutMs: 1_000 });
      expect(r.status, path).to.equal(413);
      expect(v1(r.body)).to.deep.equal({
        success: false,
        status: 413,
        message: 'Request body too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(r.headers.connection).to.equal('close');
      expect(r.elapsedMs, path).to.be.below(1_000);
    }
    const huge = await rawRequest(port, head('/api/v1/admin/tenants', 10 * 1024 ** 3), '', { timeoutMs: 1_000 });
    expect(huge.status).to.equal(413);
  });

  it('answers a body that stalls with 408 within the configured timeout', async () => {
    const r = await rawRequest(port, head('/api/v1/admin/tenants', 100), '{"name":"Sl', {
      timeoutMs: BODY_TIMEOUT_MS + 2_000,
    });
    expect(r.status).to.equal(408);
    expect(v1(r.body)).to.deep.equal({
      success: false,
      status: 408,
      message: 'Request body not received in time',
      code: 'REQUEST_TIMEOUT',
    });
    expect(r.headers.connection).to.equal('close');
    expect(r.elapsedMs).to.be.within(BODY_TIMEOUT_MS - 50, BODY_TIMEOUT_MS + 1_500);
    const unsigned = await rawRequest(port, head('/api/v1/external/billing/invoices', 50), '{', {
      timeoutMs: BODY_TIMEOUT_MS + 2_000,
    });
    expect(unsigned.status).to.equal(408);
    const chunked = await rawRequest(
      port,
      [
        'POST /api/v1/admin/tenants HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
      ].join('\n'),
      '5\r\n{"nam\r\n',
      { timeoutMs: BODY_TIMEOUT_MS + 2_000 },
    );
    expect(chunked.status).to.equal(408);
    const tenants = await svc.database.knex('tenants').count({ n: '*' });
    expect(Number(tenants[0]!.n)).to.equal(0);
  });

  /** Writes `lines` (a header block that never ends) and resolves with all the server sent, once it closed. */
  function endlessHeaders(lines: string[], deadlineMs: number) {
    return new Promise<{ text: string; elapsedMs: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      open.push(socket);
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`not answered within ${deadlineMs} ms (got ${JSON.stringify(text)})`));
      }, deadlineMs);
      socket.on('error', () => undefined);
      socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ text, elapsedMs: Date.now() - started });
      });
      socket.on('connect', () => socket.write(lines.map((l) => `${l}\r\n`).join('')));
    });
  }

  it('answers a header block that never ends with 408 within the configured time, and closes the connection', async () => {
    for (const lines of [
      ['GET /health HTTP/1.1', 'Host: x'],
      ['POST /api/v1/admin/tenants HTTP/1.1', 'Host: x', `Authorization: Bearer ${ADMIN_TOKEN}`, 'X-Slow: a'],
      ['GET /api/v1/external/products HTTP/1.1'],
    ]) {
      const { text, elapsedMs } = await endlessHeaders(lines, HEADERS_TIMEOUT_MS + 2_000);
      expect(text, lines[0]).to.match(/^HTTP\/1\.1 408 /);
      expect(text.toLowerCase()).to.contain('connection: close');
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
      expect(v1(body)).to.deep.equal({
        success: false,
        status: 408,
        message: 'Request headers not received in time',
        code: 'REQUEST_TIMEOUT',
      });
      expect(body.metadata.requestId).to.be.a('string').and.not.equal('');
      // Node checks its timers every tenth of the limit here, not every 30 s.
      expect(elapsedMs, lines[0]).to.be.within(HEADERS_TIMEOUT_MS - 50, HEADERS_TIMEOUT_MS * 1.1 + 400);
    }
    // Headers that trickle in, one line at a time, do not reset the clock.
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    open.push(socket);
    socket.on('error', () => undefined);
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /health HTTP/1.1\r\n');
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(`X-Drip-${Date.now()}: 1\r\n`);
    }, HEADERS_TIMEOUT_MS / 7);
    try {
      await closed;
    } finally {
      clearInterval(drip);
    }
    expect(text).to.match(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).to.be.below(HEADERS_TIMEOUT_MS * 1.1 + 400);
  });

  it('keeps serving other requests while sockets stall', async () => {
    // Twenty connections that promised a body and send none of it.
    for (let i = 0; i < 20; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(`${head('/api/v1/admin/tenants', 500).replace(/\n/g, '\r\n')}\r\n\r\n{`);
      open.push(socket);
    }
    const started = Date.now();
    const [health, tenant] = await Promise.all([
      call(svc.baseUrl, 'GET', '/health'),
      call(svc.baseUrl, 'POST', '/api/v1/admin/tenants', { body: { name: 'Served meanwhile' } }),
    ]);
    expect(health.status).to.equal(200);
    expect(tenant.status).to.equal(201);
    expect(Date.now() - started).to.be.below(BODY_TIMEOUT_MS);
    // And every stalled socket is let go after the timeout (closed by the server).
    const closed = await Promise.all(
      open.map(
        (s) =>
          new Promise<number>((resolve) => {
            if (s.destroyed || s.readableEnded) return resolve(Date.now() - started);
            s.once('close', () => resolve(Date.now() - started));
            s.resume();
          }),
      ),
    );
    expect(Math.max(...closed)).to.be.below(BODY_TIMEOUT_MS + 2_000);
  });

  it('a body that arrives in pieces, in time, is read as usual', async () => {
    const body = JSON.stringify({ name: 'Slow but in time' });
    const socket = connect(port, '127.0.0.1');
    open.push(socket);
    const response = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d: Buffer) => {
        text += d.toString();
        if (text.includes('\r\n\r\n') && text.endsWith('}')) resolve(text);
      });
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`${head('/api/v1/admin/tenants', Buffer.byteLength(body)).replace(/\n/g, '\r\n')}\r\n\r\n`);
    for (const piece of [body.slice(0, 5), body.slice(5, 12), body.slice(12)]) {
      await new Promise((resolve) => setTimeout(resolve, BODY_TIMEOUT_MS / 5));
      socket.write(piece);
    }
    expect(await response).to.match(/^HTTP\/1\.1 201 /);
  });
});
