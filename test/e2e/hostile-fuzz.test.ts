import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { expect } from 'chai';
import fc from 'fast-check';
import type { ExternalApiClient } from '@inventory-billing/sdk';
import { TEST_DATABASE_URL } from '../support/database.js';
import { clientFor, createCustomer, createIntegration, createProduct, createTenantSetup } from '../support/mothers.js';
import { rawRequest } from '../support/raw-http.js';
import { rowCounts } from '../support/row-counts.js';
import { ADMIN_TOKEN, startTestService, type TestService } from '../support/service.js';

/**
 * Issue 19's fuzz suite: every external and back-office route, driven with a generator for
 * each family of hostile input, must answer below 500, always in the error envelope when it
 * refuses, and write nothing when it refuses. The routes are a table: a new route is one line.
 *
 * On the PostgreSQL server (TEST_DATABASE_URL) it runs in full; on embedded PGlite a reduced
 * number of runs (PGlite is the same PostgreSQL, single-connection and slower).
 */
const SERVER = TEST_DATABASE_URL !== null;
const RUNS = SERVER ? { fields: 500, transport: 150, webhooks: 60 } : { fields: 120, transport: 50, webhooks: 25 };
const SUFFIX = SERVER ? '(PostgreSQL server, full)' : '(embedded PGlite, reduced runs)';

// ---- field kinds and their generators -------------------------------------------------------

type Kind =
  | 'text'
  | 'uuid'
  | 'money'
  | 'quantity'
  | 'integer'
  | 'bool'
  | 'date'
  | 'url'
  | 'ips'
  | { enum: string[] }
  | { items: Record<string, Kind> };

type Fields = Record<string, Kind>;

/** Control characters PostgreSQL refuses (NUL) or that have no business in text. */
const control = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u001f', '\u007f');
const hostileText = fc
  .tuple(fc.string({ maxLength: 12 }), control, fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => `${a}${c}${b}`);
const text = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,11}$/),
  fc.string({ minLength: 1, maxLength: 24 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
  hostileText,
);

/** Numbers beyond what numeric(14,2), numeric(14,3), integer or bigint columns hold. */
const hugeNumber = fc.oneof(
  fc.constantFrom(1_000_000_000_000, 1e21, 1e308, -1e21, Number('92233720368547758'), 2 ** 63, 2 ** 31, 1e15 + 0.5),
  fc.double({ min: 1e11, max: 1e300, noNaN: true }),
  fc.double({ min: -1e300, max: -1e11, noNaN: true }),
);
const number = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(0.5, 19.99, 0.001), hugeNumber);
const hostileInteger = fc.oneof(
  fc.constantFrom('92233720368547758', '9223372036854775808', '1e30', '-1', '0', '99999999999999999999999'),
  fc.bigInt({ min: 10n ** 5n, max: 10n ** 40n }).map(String),
);

/** A public or private IPv4 address written in one of the IPv6 forms that carry it. */
const embeddedIpv6 = fc
  .tuple(
    fc.constantFrom([127, 0, 0, 1], [10, 1, 2, 3], [169, 254, 169, 254], [192, 168, 0, 1], [93, 184, 216, 34]),
    fc.constantFrom('compatible', 'mapped', 'nat64', '6to4', 'teredo'),
  )
  .map(([b, form]) => {
    const hex = (x: number, y: number) => ((x << 8) | y).toString(16);
    const [hi, lo] = [hex(b[0]!, b[1]!), hex(b[2]!, b[3]!)];
    const inv = (x: number) => x ^ 0xff;
    const host = {
      compatible: `::${hi}:${lo}`,
      mapped: `::ffff:${hi}:${lo}`,
      nat64: `64:ff9b::${hi}:${lo}`,
      '6to4': `2002:${hi}:${lo}::1`,
      teredo: `2001:0:5db8:d822::${hex(inv(b[0]!), inv(b[1]!))}:${hex(inv(b[2]!), inv(b[3]!))}`,
    }[form];
    return { url: `http://[${host}]/hook`, public: b[0] === 93 };
  });

function value(kind: Kind, ids: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  if (typeof kind === 'object' && 'enum' in kind) return fc.oneof(fc.constantFrom(...kind.enum), hostileText);
  if (typeof kind === 'object') {
    return fc.array(body(kind.items, ids), { minLength: 1, maxLength: 3 });
  }
  switch (kind) {
    case 'text':
      return text;
    case 'uuid':
      return fc.oneof(ids, hostileText);
    case 'money':
    case 'quantity':
      return number;
    case 'integer':
      return fc.oneof(fc.integer({ min: 0, max: 100 }), hugeNumber);
    case 'bool':
      return fc.oneof(fc.boolean(), hostileText);
    case 'date':
      return fc.oneof(
        fc.constantFrom('2026-01-01', '0000-01-01', '0000-12-31', '9999-12-31', '2026-02-30', '2026-03-01T00:00:00Z'),
        hostileText,
      );
    case 'url':
      return fc.oneof(
        embeddedIpv6.map((e) => e.url),
        hostileText.map((t) => `https://shop.example/${t}`),
      );
    case 'ips':
      return fc.oneof(fc.constantFrom('10.0.0.0/8', '::ffff:10.0.0.1', '::7f00:1'), hostileText);
  }
}

function body(fields: Fields, ids: fc.Arbitrary<string>): fc.Arbitrary<Record<string, unknown>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, kind] of Object.entries(fields)) record[name] = value(kind, ids);
  // Every field (so a body can pass validation and reach the database), or any subset.
  return fc.oneof(fc.record(record), fc.record(record, { requiredKeys: [] }));
}

/** Query values: every field as its text form, plus page numbers far beyond any table. */
function query(fields: Fields, ids: fc.Arbitrary<string>): fc.Arbitrary<Record<string, string>> {
  const record: Record<string, fc.Arbitrary<string>> = {
    page: fc.oneof(fc.integer({ min: 1, max: 3 }).map(String), hostileInteger),
    limit: fc.oneof(fc.integer({ min: 1, max: 100 }).map(String), hostileInteger),
  };
  for (const [name, kind] of Object.entries(fields)) record[name] = value(kind, ids).map((v) => String(v));
  return fc.record(record, { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>;
}

// ---- the route table --------------------------------------------------------------------------

interface Route {
  api: 'external' | 'admin';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** `:name` segments are filled from the pool of that name (and malformed variants). */
  path: string;
  body?: Fields;
  query?: Fields;
}

const invoiceItem: Fields = { productId: 'uuid', quantity: 'quantity', unitPrice: 'money' };
const adjustItem: Fields = { productId: 'uuid', quantity: 'quantity', type: { enum: ['STOCK_IN', 'STOCK_OUT'] } };
const noteBody: Fields = { invoiceId: 'uuid', amount: 'money', reason: 'text' };
const paymentBody: Fields = { amount: 'money', method: { enum: ['CASH', 'QR'] }, reference: 'text' };
const customerBody: Fields = { name: 'text', email: 'text', phone: 'text', taxId: 'text', address: 'text' };

/** Every external and back-office route. One line per route. */
const ROUTES: Route[] = [
  { api: 'external', method: 'GET', path: '/products', query: { search: 'text' } },
  { api: 'external', method: 'GET', path: '/products/stock' },
  { api: 'external', method: 'GET', path: '/products/adjustments', query: { status: { enum: ['PENDING'] } } },
  { api: 'external', method: 'GET', path: '/products/adjustments/:adjustmentId' },
  { api: 'external', method: 'GET', path: '/warehouses', query: {} },
  { api: 'external', method: 'PUT', path: '/products/:productId', body: { name: 'text', price: 'money' } },
  {
    api: 'external',
    method: 'POST',
    path: '/products/adjust',
    body: { warehouseId: 'uuid', reason: 'text', items: { items: adjustItem } },
  },
  {
    api: 'external',
    method: 'GET',
    path: '/billing/invoices',
    query: { status: { enum: ['DRAFT'] }, fromDate: 'date', toDate: 'date' },
  },
  {
    api: 'external',
    method: 'POST',
    path: '/billing/invoices',
    body: { customerId: 'uuid', paymentMethod: { enum: ['CASH'] }, items: { items: invoiceItem } },
  },
  { api: 'external', method: 'PATCH', path: '/billing/invoices/:invoiceId/void', body: { reason: 'text' } },
  { api: 'external', method: 'GET', path: '/billing/credit-notes', query: {} },
  { api: 'external', method: 'POST', path: '/billing/credit-notes', body: noteBody },
  { api: 'external', method: 'GET', path: '/billing/debit-notes', query: {} },
  { api: 'external', method: 'POST', path: '/billing/debit-notes', body: noteBody },
  { api: 'external', method: 'GET', path: '/billing/invoices/:invoiceId' },
  { api: 'external', method: 'POST', path: '/billing/invoices/:invoiceId/payments', body: paymentBody },
  {
    api: 'external',
    method: 'POST',
    path: '/billing/refunds',
    body: { invoiceId: 'uuid', amount: 'money', reason: 'text', method: { enum: ['CASH'] } },
  },
  { api: 'external', method: 'POST', path: '/billing/customers', body: customerBody },
  { api: 'external', method: 'GET', path: '/billing/customers', query: { search: 'text' } },
  {
    api: 'external',
    method: 'POST',
    path: '/billing/notes',
    body: { type: { enum: ['CREDIT', 'DEBIT'] }, ...noteBody },
  },
  { api: 'admin', method: 'POST', path: '/tenants', body: { name: 'text' } },
  { api: 'admin', method: 'POST', path: '/tenants/:tenantId/branches', body: { name: 'text', code: 'text' } },
  {
    api: 'admin',
    method: 'POST',
    path: '/tenants/:tenantId/fiscal-years',
    body: { code: 'text', startsOn: 'date', endsOn: 'date' },
  },
  { api: 'admin', method: 'POST', path: '/tenants/:tenantId/warehouses', body: { branchId: 'uuid', name: 'text' } },
  {
    api: 'admin',
    method: 'POST',
    path: '/tenants/:tenantId/products',
    body: { name: 'text', sku: 'text', price: 'money', minStock: 'quantity', slug: 'text' },
  },
  {
    api: 'admin',
    method: 'POST',
    path: '/tenants/:tenantId/customers',
    body: customerBody,
  },
  {
    api: 'admin',
    method: 'POST',
    path: '/integrations',
    body: {
      tenantId: 'uuid',
      branchId: 'uuid',
      fiscalYearId: 'uuid',
      role: { enum: ['ADMIN', 'BILLING'] },
      clientName: 'text',
      allowedIps: 'ips',
      webhookUrl: 'url',
      webhookEvents: 'text',
    },
  },
  { api: 'admin', method: 'GET', path: '/tenants/:tenantId/integrations' },
  {
    api: 'admin',
    method: 'PATCH',
    path: '/integrations/:integrationId',
    body: { active: 'bool', allowedIps: 'ips', webhookUrl: 'url', webhookEvents: 'text' },
  },
  {
    api: 'admin',
    method: 'POST',
    path: '/integrations/:integrationId/rotate-secret',
    body: { overlapSeconds: 'integer' },
  },
  {
    api: 'admin',
    method: 'POST',
    path: '/integrations/:integrationId/webhook/rotate-secret',
    body: { overlapSeconds: 'integer' },
  },
  { api: 'admin', method: 'POST', path: '/stock-adjustments/:adjustmentId/approve', body: { approvedBy: 'text' } },
  {
    api: 'admin',
    method: 'POST',
    path: '/stock-adjustments/:adjustmentId/reject',
    body: { reason: 'text', rejectedBy: 'text' },
  },
  {
    api: 'admin',
    method: 'GET',
    path: '/tenants/:tenantId/stock-adjustments',
    query: { status: { enum: ['PENDING'] } },
  },
  { api: 'admin', method: 'GET', path: '/tenants/:tenantId/products/:productId/ledger', query: {} },
  { api: 'admin', method: 'POST', path: '/invoices/:invoiceId/approve' },
  { api: 'admin', method: 'POST', path: '/invoices/:invoiceId/payments', body: paymentBody },
  { api: 'admin', method: 'GET', path: '/invoices/:invoiceId/payments', query: {} },
  { api: 'admin', method: 'GET', path: '/invoices/:invoiceId/refunds', query: {} },
  { api: 'admin', method: 'POST', path: '/credit-notes/:noteId/approve' },
  { api: 'admin', method: 'POST', path: '/debit-notes/:noteId/approve' },
  { api: 'admin', method: 'POST', path: '/credit-notes/:noteId/void', body: { reason: 'text' } },
  { api: 'admin', method: 'POST', path: '/debit-notes/:noteId/void', body: { reason: 'text' } },
  {
    api: 'admin',
    method: 'POST',
    path: '/integrations/:integrationId/webhook/resume',
    body: { replayDeadLetters: 'bool' },
  },
  {
    api: 'admin',
    method: 'GET',
    path: '/integrations/:integrationId/deliveries',
    query: { status: { enum: ['DEAD'] } },
  },
  { api: 'admin', method: 'POST', path: '/deliveries/:deliveryId/replay' },
];

const MALFORMED_ESCAPES = ['%E0%A4%A', '%', '%zz', '%FF', '%C0%AF', '%ED%A0%80', 'a%E0%A4%A'];

// ---- sending ----------------------------------------------------------------------------------

interface Sent {
  status: number;
  body: any;
}

function send(port: number, method: string, path: string, headers: Record<string, string>, payload?: Buffer) {
  return new Promise<Sent>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: payload ? { ...headers, 'content-length': String(payload.length) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // kept as text: the envelope assertion will say so
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function decodes(encoding: string, bytes: Buffer): boolean {
  try {
    ({ gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync })[encoding]!(bytes);
    return true;
  } catch {
    return false;
  }
}

function expectEnvelopeBelow500(r: Sent, what: string) {
  expect(r.status, `${what} → ${r.status} ${JSON.stringify(r.body)}`).to.be.below(500);
  if (r.status >= 400) {
    expect(r.body, `${what}: the error envelope`).to.be.an('object');
    expect(r.body.success, what).to.equal(false);
    expect(r.body.status, what).to.equal(r.status);
    expect(r.body.code, what)
      .to.be.a('string')
      .and.match(/^[A-Z_]+$/);
    expect(r.body.message, what).to.be.a('string').and.not.equal('');
  }
}

describe(`e2e: hostile-input fuzz over every route, never a 5xx ${SUFFIX}`, () => {
  let svc: TestService;
  let port: number;
  let client: ExternalApiClient;
  let pools: Record<string, string[]>;

  before(async () => {
    svc = await startTestService({
      webhookAllowPrivate: false,
      webhookAllowHttp: true,
      webhookTimeoutMs: 300,
      bodyTimeoutMs: 2_000,
    });
    port = Number(new URL(svc.baseUrl).port);
    const setup = await createTenantSetup(svc.baseUrl);
    client = clientFor(svc.baseUrl, await createIntegration(svc.baseUrl, setup));
    // A second integration for the back office's integration routes: the client's own stays usable.
    const other = await createIntegration(svc.baseUrl, setup, { role: 'READ_ONLY' });
    const product = await createProduct(svc.baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 5 });
    const customer = await createCustomer(svc.baseUrl, setup.tenantId);
    const invoice = await client.request<any>('POST', '/billing/invoices', {
      customerId: customer.id,
      paymentMethod: 'CASH',
      items: [{ productId: product.id, quantity: 2, unitPrice: 5 }],
    });
    const adjustment = await client.request<any>('POST', '/products/adjust', {
      warehouseId: setup.warehouseId,
      reason: 'count',
      items: [{ productId: product.id, quantity: 1, type: 'STOCK_IN' }],
    });
    const absent = '00000000-0000-4000-8000-000000000000';
    pools = {
      tenantId: [setup.tenantId, absent],
      productId: [product.id, absent],
      invoiceId: [invoice.body.data.id, absent],
      integrationId: [other.id, absent],
      adjustmentId: [adjustment.body.data.id, absent],
      noteId: [absent],
      deliveryId: [absent],
      any: [setup.tenantId, setup.branchId, setup.fiscalYearId, setup.warehouseId, product.id, customer.id, absent],
    };
  });
  after(async () => {
    await svc.stop();
  });

  const ids = () => fc.oneof(fc.constantFrom(...pools.any!), fc.constant(randomUUID()));

  /** A route's path with its parameters filled; `malformed` puts a bad escape in one of them or in the path. */
  function pathOf(route: Route, pick: (name: string) => string, malformed?: string): string {
    let path = route.path.replace(/:(\w+)/g, (_m, name: string) => pick(name));
    if (malformed !== undefined) {
      const segments = path.split('/');
      const at = 1 + (malformed.length % (segments.length - 1));
      segments[at] = `${segments[at]}${malformed}`;
      path = segments.join('/');
    }
    return `/api/v1/${route.api}${path}`;
  }

  function headersFor(route: Route, withCredentials: boolean, method: string, fullPath: string) {
    const headers: Record<string, string> = {};
    if (!withCredentials) return headers;
    if (route.api === 'admin') headers.authorization = `Bearer ${ADMIN_TOKEN}`;
    else Object.assign(headers, client.prepare(method, fullPath.replace('/api/v1/external', ''), {}).headers);
    return headers;
  }

  /** Sends, and checks: below 500, the envelope, and no row written when refused. */
  async function exchange(what: string, perform: () => Promise<Sent>): Promise<Sent> {
    const before = await rowCounts(svc.database.knex);
    const r = await perform();
    expectEnvelopeBelow500(r, what);
    if (r.status >= 400) {
      const after = await rowCounts(svc.database.knex);
      // An authenticated request claims its nonce; nothing else may change.
      delete before.request_nonces;
      delete after.request_nonces;
      expect(after, `${what}: no write on a refusal`).to.deep.equal(before);
    }
    return r;
  }

  it('families 1–3: control characters, out-of-range numbers and pages, in bodies and queries of every route', async () => {
    const route = fc.constantFrom(...ROUTES);
    await fc.assert(
      fc.asyncProperty(
        route.chain((r) =>
          fc.record({
            route: fc.constant(r),
            pick: fc.func(fc.nat()),
            body: r.body ? body(r.body, ids()) : fc.constant(undefined),
            query: r.query ? query(r.query, ids()) : fc.constant(undefined),
          }),
        ),
        async ({ route: r, pick, body: b, query: q }) => {
          const choose = (name: string) => {
            const pool = pools[name] ?? pools.any!;
            return pool[pick(name) % pool.length]!;
          };
          const qs = q ? new URLSearchParams(q).toString() : '';
          const path = pathOf(r, choose) + (qs ? `?${qs}` : '');
          const what = `${r.method} ${path} ${JSON.stringify(b)}`;
          await exchange(what, async () => {
            if (r.api === 'external') {
              const prepared = client.prepare(r.method, path.replace('/api/v1/external', ''), b);
              const payload = prepared.body === undefined ? undefined : Buffer.from(prepared.body);
              return send(port, r.method, path, prepared.headers, payload);
            }
            const headers: Record<string, string> = { authorization: `Bearer ${ADMIN_TOKEN}` };
            if (b === undefined) return send(port, r.method, path, headers);
            headers['content-type'] = 'application/json';
            return send(port, r.method, path, headers, Buffer.from(JSON.stringify(b)));
          });
        },
      ),
      { numRuns: RUNS.fields },
    );
  });

  it('families 4–7: deep nesting, broken Content-Encoding, malformed path escapes, oversized declared length', async () => {
    const family = fc.oneof(
      fc.record({
        kind: fc.constant('deep' as const),
        depth: fc.integer({ min: 17, max: 6_000 }),
        arrays: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('encoding' as const),
        encoding: fc.constantFrom('gzip', 'deflate', 'br'),
        bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
        truncated: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('path' as const), escape: fc.constantFrom(...MALFORMED_ESCAPES) }),
      fc.record({
        kind: fc.constant('oversize' as const),
        length: fc.integer({ min: 1024 * 1024 + 1, max: 2 ** 40 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), family, fc.boolean(), async (r, f, withCredentials) => {
        const path = pathOf(r, (name) => (pools[name] ?? pools.any!)[0]!, f.kind === 'path' ? f.escape : undefined);
        const method = r.method === 'GET' && f.kind !== 'path' ? 'POST' : r.method;
        const headers = { ...headersFor(r, withCredentials, method, path), 'content-type': 'application/json' };
        const what = `${method} ${path} ${JSON.stringify(f)}`;
        const expected = { deep: 400, encoding: 400, path: 400, oversize: 413 }[f.kind];
        const res = await exchange(what, async () => {
          switch (f.kind) {
            case 'deep': {
              const [open, close] = f.arrays ? ['[', ']'] : ['{"a":', '}'];
              const inner = `${open.repeat(f.depth)}1${close.repeat(f.depth)}`;
              return send(port, method, path, headers, Buffer.from(`{"nonce":"x","x":${inner}}`));
            }
            case 'encoding': {
              const real = f.encoding === 'br' ? brotliCompressSync(Buffer.from('{}')) : gzipSync(Buffer.from('{}'));
              // Random bytes, or a real stream cut short: neither decodes.
              const bytes = f.truncated ? real.subarray(0, Math.max(1, real.length - 3)) : Buffer.from(f.bytes);
              return send(port, method, path, { ...headers, 'content-encoding': f.encoding }, bytes);
            }
            case 'path':
              return send(port, method, path, headers, method === 'GET' ? undefined : Buffer.from('{}'));
            case 'oversize': {
              const head = [
                `${method} ${path} HTTP/1.1`,
                'Host: x',
                ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
                `Content-Length: ${f.length}`,
              ].join('\n');
              const raw = await rawRequest(port, head, '{"a":', { timeoutMs: 1_000 });
              return { status: raw.status, body: raw.body };
            }
          }
        });
        // Random bytes may, rarely, be a valid stream (brotli is lenient): then any 4xx will do.
        if (f.kind === 'encoding' && !f.truncated && decodes(f.encoding, Buffer.from(f.bytes))) return;
        expect(res.status, what).to.equal(expected);
        expect(res.body.code, what).to.equal(expected === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR');
      }),
      { numRuns: RUNS.transport },
    );
  });

  it('family 8: a webhook URL whose IPv6 host carries a non-public IPv4 address is refused at registration', async () => {
    const pool = pools;
    await fc.assert(
      fc.asyncProperty(embeddedIpv6, fc.boolean(), async (target, create) => {
        const what = `${create ? 'POST /integrations' : 'PATCH /integrations/:id'} ${target.url}`;
        const r = await exchange(what, () => {
          const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
          if (!create) {
            const payload = Buffer.from(JSON.stringify({ webhookUrl: target.url }));
            return send(port, 'PATCH', `/api/v1/admin/integrations/${pool.integrationId![0]}`, headers, payload);
          }
          const [tenantId] = pool.tenantId!;
          const setup = { tenantId, branchId: pool.any![1], fiscalYearId: pool.any![2] };
          const payload = { ...setup, role: 'READ_ONLY', clientName: 'Fuzz', webhookUrl: target.url };
          return send(port, 'POST', '/api/v1/admin/integrations', headers, Buffer.from(JSON.stringify(payload)));
        });
        if (target.public) expect(r.status, what).to.be.oneOf([200, 201]);
        else {
          expect(r.status, what).to.equal(400);
          expect(r.body.message, what).to.match(/^webhookUrl must not point to a private, loopback or link-local/);
        }
      }),
      { numRuns: RUNS.webhooks },
    );
  });
});
