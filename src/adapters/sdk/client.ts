import { newNonce, signBody, signRequestLine } from './signing.js';

export interface ClientOptions {
  /** e.g. `https://api.example.com` (no trailing path). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The integration's API key, when the back office issued one: sent as `x-api-key`. */
  apiKey?: string;
  /** Also send `x-signature` on GET (required when the integration has `requireSignedReads`). */
  signReads?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface PreparedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

type Query = Record<string, string | number | undefined>;

/**
 * A small client of the external API: every request gets a fresh nonce and timestamp, and
 * POST/PUT/PATCH bodies are signed. `prepare` returns the signed request without sending it.
 */
export class ExternalApiClient {
  constructor(private readonly options: ClientOptions) {}

  prepare(
    method: string,
    path: string,
    body?: object,
    at: { nonce?: string; timestamp?: number; idempotencyKey?: string } = {},
  ): PreparedRequest {
    const m = method.toUpperCase();
    const nonce = at.nonce ?? newNonce();
    const timestamp = at.timestamp ?? Date.now();
    const pathWithQuery = `/api/v1/external${path}`;
    const headers: Record<string, string> = {
      'x-client-id': this.options.clientId,
      'x-nonce': nonce,
      'x-timestamp': String(timestamp),
    };
    if (this.options.apiKey !== undefined) headers['x-api-key'] = this.options.apiKey;
    // CONTRACT §8: a retry with the same key (re-signed) answers the first response again.
    if (at.idempotencyKey !== undefined) headers['idempotency-key'] = at.idempotencyKey;
    const prepared: PreparedRequest = { url: `${this.options.baseUrl}${pathWithQuery}`, method: m, headers };
    if (m === 'POST' || m === 'PUT' || m === 'PATCH') {
      headers['content-type'] = 'application/json';
      prepared.body = JSON.stringify(signBody(body ?? {}, this.options.clientSecret, nonce, timestamp));
    } else if (this.options.signReads) {
      headers['x-signature'] = signRequestLine(this.options.clientSecret, m, pathWithQuery, timestamp, nonce);
    }
    return prepared;
  }

  static async send<T = unknown>(req: PreparedRequest): Promise<ApiResponse<T>> {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
  }

  request<T = unknown>(
    method: string,
    path: string,
    body?: object,
    options: { idempotencyKey?: string } = {},
  ): Promise<ApiResponse<T>> {
    return ExternalApiClient.send<T>(this.prepare(method, path, body, options));
  }

  /** `GET /usage`: the tenant's calls this UTC month (or `month`, `YYYY-MM`) under its plan. */
  usage<T = unknown>(month?: string): Promise<ApiResponse<T>> {
    return this.request<T>('GET', month ? `/usage?month=${month}` : '/usage');
  }

  get<T = unknown>(path: string, query: Query = {}): Promise<ApiResponse<T>> {
    const qs = new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)] as [string, string]),
    ).toString();
    return this.request<T>('GET', qs ? `${path}?${qs}` : path);
  }

  // Convenience methods for the spec's endpoints.
  listProducts(query: { page?: number; limit?: number; search?: string } = {}) {
    return this.get('/products', query);
  }
  updateProduct(id: string, changes: { name?: string; price?: number }) {
    return this.request('PUT', `/products/${id}`, changes);
  }
  lowStock() {
    return this.get('/products/stock');
  }
  requestAdjustment(body: {
    warehouseId: string;
    reason: string;
    items: { productId: string; quantity: number; type: string }[];
  }) {
    return this.request('POST', '/products/adjust', body);
  }
  listAdjustments(query: { status?: string; page?: number; limit?: number } = {}) {
    return this.get('/products/adjustments', query);
  }
  listInvoices(query: { page?: number; limit?: number; status?: string; fromDate?: string; toDate?: string } = {}) {
    return this.get('/billing/invoices', query);
  }
  createInvoice(body: {
    customerId: string;
    paymentMethod: string;
    items: { productId: string; quantity: number; unitPrice: number }[];
  }) {
    return this.request('POST', '/billing/invoices', body);
  }
  voidInvoice(id: string, reason: string) {
    return this.request('PATCH', `/billing/invoices/${id}/void`, { reason });
  }
  listCreditNotes(query: { page?: number; limit?: number } = {}) {
    return this.get('/billing/credit-notes', query);
  }
  createCreditNote(body: { invoiceId: string; amount: number; reason: string }) {
    return this.request('POST', '/billing/credit-notes', body);
  }
  listDebitNotes(query: { page?: number; limit?: number } = {}) {
    return this.get('/billing/debit-notes', query);
  }
  createDebitNote(body: { invoiceId: string; amount: number; reason: string }) {
    return this.request('POST', '/billing/debit-notes', body);
  }
  // Billing roadmap (CONTRACT 7.2)
  getInvoice(id: string) {
    return this.get(`/billing/invoices/${id}`);
  }
  recordPayment(invoiceId: string, body: { amount: number; method: string; reference?: string }) {
    return this.request('POST', `/billing/invoices/${invoiceId}/payments`, body);
  }
  createRefund(body: { invoiceId: string; amount: number; reason: string; method?: string }) {
    return this.request('POST', '/billing/refunds', body);
  }
  createCustomer(body: { name: string; email?: string; phone?: string; taxId?: string; address?: string }) {
    return this.request('POST', '/billing/customers', body);
  }
  listCustomers(query: { search?: string; page?: number; limit?: number } = {}) {
    return this.get('/billing/customers', query);
  }
  createNote(body: { type: 'CREDIT' | 'DEBIT'; invoiceId: string; amount: number; reason: string }) {
    return this.request('POST', '/billing/notes', body);
  }
  // End of the billing roadmap block.
  bookShipment(body: {
    invoiceId?: string;
    reference?: string;
    weightKg: number;
    codAmount?: number;
    recipient: {
      name: string;
      phone: string;
      address: { line1: string; line2?: string; city: string; postalCode?: string; country: string };
    };
  }) {
    return this.request('POST', '/logistics/shipments', body);
  }
  trackShipment(id: string) {
    return this.get(`/logistics/shipments/${id}/track`);
  }
  cancelShipment(shipmentId: string, reason: string) {
    return this.request('POST', '/logistics/shipments/cancel', { shipmentId, reason });
  }

  // Inventory roadmap (CONTRACT 7.1)
  createProduct(body: {
    name: string;
    sku: string;
    price: number;
    minStock?: number;
    slug?: string;
    unit?: string;
    taxRate?: number;
    barcode?: string;
  }) {
    return this.request('POST', '/products', body);
  }
  getProduct(id: string) {
    return this.get(`/products/${id}`);
  }
  transferStock(body: {
    fromWarehouseId: string;
    toWarehouseId: string;
    items: { productId: string; quantity: number }[];
    reference?: string;
  }) {
    return this.request('POST', '/products/transfer', body);
  }
  reserveStock(body: {
    warehouseId: string;
    items: { productId: string; quantity: number }[];
    reference?: string;
    expiresInSeconds?: number;
  }) {
    return this.request('POST', '/products/reserve', body);
  }
  getReservation(id: string) {
    return this.get(`/products/reservations/${id}`);
  }
  commitReservation(id: string) {
    return this.request('POST', `/products/reservations/${id}/commit`, {});
  }
  releaseReservation(id: string) {
    return this.request('POST', `/products/reservations/${id}/release`, {});
  }
  createPurchaseOrder(body: {
    supplierName: string;
    warehouseId: string;
    expectedOn?: string;
    items: { productId: string; quantity: number; unitCost: number }[];
  }) {
    return this.request('POST', '/purchase-orders', body);
  }
  listPurchaseOrders(query: { status?: string; page?: number; limit?: number } = {}) {
    return this.get('/purchase-orders', query);
  }
  receiveGoods(body: {
    purchaseOrderId?: string;
    warehouseId?: string;
    supplierReference?: string;
    items: { productId: string; quantity: number; unitCost?: number }[];
  }) {
    return this.request('POST', '/goods-receipt', body);
  }
}
