import { expect } from 'chai';
import {
  BillingApi,
  ExternalApi,
  InventoryApi,
  LogisticsApi,
  UsageApi,
  type Method,
  type PageOf,
  type QueryInput,
  type RequestOptions,
} from '../src/index.js';

interface Sent {
  method: Method;
  path: string;
  input?: { query?: QueryInput; body?: object };
  options?: RequestOptions;
}

/** An ExternalApi whose transport records what each typed method sends, and answers `{}` or an empty page. */
class Recording extends ExternalApi {
  readonly sent: Sent[] = [];

  constructor() {
    super({ baseUrl: 'http://127.0.0.1:1', clientId: 'ck', clientSecret: 'cs' });
  }

  override async send<T>(method: Method, path: string, input?: Sent['input'], options?: RequestOptions) {
    this.sent.push({ method, path, input, options });
    return {} as T;
  }

  override async sendPage<T>(path: string, query?: QueryInput, options?: RequestOptions): Promise<PageOf<T>> {
    this.sent.push({ method: 'GET', path, input: { query }, options });
    const pagination = { total: 0, page: 1, limit: 10, totalCount: 0, totalPages: 0 };
    return { data: [], pagination };
  }
}

describe('the generated typed methods', () => {
  it('put path parameters in the path, URL-encoded', async () => {
    const api = new Recording();
    await api.billing.getInvoice('a/b c');
    await api.inventory.updateProduct('p?1', { price: 2 });
    await api.logistics.trackShipment('s#1');
    expect(api.sent.map((s) => `${s.method} ${s.path}`)).to.deep.equal([
      'GET /billing/invoices/a%2Fb%20c',
      'PUT /products/p%3F1',
      'GET /logistics/shipments/s%231/track',
    ]);
    expect(api.sent[1]!.input).to.deep.equal({ body: { price: 2 } });
  });

  it('send {} as the body of a POST without one, and pass the request options on', async () => {
    const api = new Recording();
    const options = { idempotencyKey: 'k-1' };
    await api.inventory.commitReservation('r1', options);
    expect(api.sent[0]).to.deep.equal({
      method: 'POST',
      path: '/products/reservations/r1/commit',
      input: { body: {} },
      options,
    });
  });

  it('send the query of a list, and answer its page', async () => {
    const api = new Recording();
    const page = await api.billing.listInvoices({ status: 'DRAFT', page: 2 });
    await api.inventory.listProducts();
    await api.usage.getUsage({ month: '2026-03' });
    expect(page.data).to.deep.equal([]);
    expect(api.sent.map((s) => [s.method, s.path, s.input])).to.deep.equal([
      ['GET', '/billing/invoices', { query: { status: 'DRAFT', page: 2 } }],
      ['GET', '/products', { query: {} }],
      ['GET', '/usage', { query: { month: '2026-03' } }],
    ]);
  });

  it('hold one group per context', () => {
    const api = new Recording();
    expect(api.inventory).to.be.instanceOf(InventoryApi);
    expect(api.logistics).to.be.instanceOf(LogisticsApi);
    expect(api.billing).to.be.instanceOf(BillingApi);
    expect(api.usage).to.be.instanceOf(UsageApi);
  });
});
