import { expect } from 'chai';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, ExternalApi, retryAfterMs, type ExternalApiOptions } from '../src/index.js';

/** What a scripted answer of the local server is: a status, headers and a body, or a dropped connection. */
type Script = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop';

interface Attempt {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server answering its n-th request with `script[n]` (the last one after that), recording each. */
async function scriptedServer(
  script: Script[],
): Promise<{ baseUrl: string; attempts: Attempt[]; stop(): Promise<void> }> {
  const attempts: Attempt[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      attempts.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = script[Math.min(attempts.length, script.length) - 1]!;
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    attempts,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const ok = (data: unknown, status = 200): Script => ({
  status,
  body: { success: true, data, metadata: { timestamp: new Date().toISOString(), requestId: 'req-1' } },
});
const failure = (status: number, code: string, headers?: Record<string, string>): Script => ({
  status,
  headers,
  body: {
    success: false,
    status,
    message: `failed with ${code}`,
    code,
    error: { code, message: `failed with ${code}`, details: [] },
    metadata: { timestamp: new Date().toISOString(), requestId: `req-${status}` },
  },
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('ExternalApi: retries and ApiError against a local server', () => {
  const credentials = { clientId: 'ck_local', clientSecret: 'cs_local' };
  const local = (baseUrl: string, retries?: ExternalApiOptions['retries']) =>
    new ExternalApi({ baseUrl, ...credentials, retries });

  it('retries a 429 after Retry-After, re-signed with a fresh nonce and the same Idempotency-Key', async () => {
    const srv = await scriptedServer([failure(429, 'RATE_LIMITED', { 'retry-after': '1' }), ok({ id: 'p1' }, 201)]);
    try {
      const started = Date.now();
      const data = await local(srv.baseUrl).send('POST', '/products', { body: { name: 'Mug' } });
      expect(data).to.deep.equal({ id: 'p1' });
      expect(srv.attempts).to.have.length(2);
      const [first, second] = srv.attempts as [Attempt, Attempt];
      expect(second.headers['x-nonce']).to.be.a('string').and.not.equal(first.headers['x-nonce']);
      expect(JSON.parse(second.body).signature).to.not.equal(JSON.parse(first.body).signature);
      expect(JSON.parse(second.body).nonce).to.equal(second.headers['x-nonce']);
      // No key given: the SDK made one, and kept it for the retry.
      expect(first.headers['idempotency-key']).to.match(/^[0-9a-f-]{36}$/);
      expect(second.headers['idempotency-key']).to.equal(first.headers['idempotency-key']);
      expect(second.at - first.at).to.be.at.least(1000);
      expect(second.at - started).to.be.at.least(1000);
    } finally {
      await srv.stop();
    }
  });

  it("keeps the caller's Idempotency-Key on every attempt, and sends none on a GET", async () => {
    const srv = await scriptedServer([failure(503, 'SERVICE_UNAVAILABLE'), ok({ id: 'i1' }, 201), ok([])]);
    try {
      const api = local(srv.baseUrl, { baseDelayMs: 10 });
      await api.send('POST', '/billing/invoices', { body: {} }, { idempotencyKey: 'order-42' });
      expect(srv.attempts.map((a) => a.headers['idempotency-key'])).to.deep.equal(['order-42', 'order-42']);
      await api.send('GET', '/products', { query: { search: 'mug', page: undefined } });
      expect(srv.attempts[2]!.headers).to.not.have.property('idempotency-key');
    } finally {
      await srv.stop();
    }
  });

  it('backs off exponentially on 5xx and dropped connections, then throws the last ApiError', async () => {
    const srv = await scriptedServer(['drop', failure(502, 'BAD_GATEWAY'), failure(503, 'SERVICE_UNAVAILABLE')]);
    try {
      const err = await caught(local(srv.baseUrl, { maxAttempts: 4, baseDelayMs: 100 }).usage.getUsage());
      expect(err).to.be.instanceOf(ApiError);
      expect(err).to.include({ status: 503, code: 'SERVICE_UNAVAILABLE', requestId: 'req-503' });
      expect(srv.attempts).to.have.length(4);
      const gaps = srv.attempts.slice(1).map((a, i) => a.at - srv.attempts[i]!.at);
      // Equal jitter: at least half of 100, 200, 400 ms, at most the whole step (plus scheduling).
      gaps.forEach((gap, i) => expect(gap, `gap ${i + 1}`).to.be.at.least(50 * 2 ** i - 2));
      expect(gaps[2]).to.be.below(1000);
    } finally {
      await srv.stop();
    }
  });

  it('does not retry a 4xx other than 429', async () => {
    for (const status of [400, 401, 404, 409, 422]) {
      const srv = await scriptedServer([failure(status, 'SOME_CODE'), ok({})]);
      try {
        const err = await caught(local(srv.baseUrl, { baseDelayMs: 1 }).send('POST', '/products', { body: {} }));
        expect(err).to.be.instanceOf(ApiError).and.include({ status, code: 'SOME_CODE' });
        expect(srv.attempts, `status ${status}`).to.have.length(1);
      } finally {
        await srv.stop();
      }
    }
  });

  it('does not wait longer than maxDelayMs: a longer Retry-After (a monthly quota) throws at once', async () => {
    const srv = await scriptedServer([failure(429, 'QUOTA_EXCEEDED', { 'retry-after': '86400' }), ok({})]);
    try {
      const started = Date.now();
      const err = await caught(local(srv.baseUrl, { maxDelayMs: 5_000 }).usage.getUsage());
      expect(err).to.be.instanceOf(ApiError).and.include({ status: 429, code: 'QUOTA_EXCEEDED' });
      expect(srv.attempts).to.have.length(1);
      expect(Date.now() - started).to.be.below(1_000);
    } finally {
      await srv.stop();
    }
  });

  it('reads Retry-After as seconds or as an HTTP date, and an answer that is not the envelope as HTTP_<status>', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).to.equal(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).to.equal(5000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).to.equal(0);
    expect(retryAfterMs('soon', now)).to.equal(0);
    expect(retryAfterMs(null, now)).to.equal(0);
    const err = ApiError.fromResponse(502, '<html>Bad gateway</html>', new Headers({ 'x-request-id': 'edge-1' }));
    expect(err).to.include({ status: 502, code: 'HTTP_502', message: 'HTTP 502', requestId: 'edge-1' });
    expect(err.details).to.deep.equal([]);
  });
});
