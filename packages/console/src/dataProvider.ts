import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { getData, request } from './api';

/** Approval items by type: the route that approves each. */
export const APPROVE_PATH = {
  ADJUSTMENT: 'stock-adjustments',
  INVOICE: 'invoices',
  CREDIT_NOTE: 'credit-notes',
  DEBIT_NOTE: 'debit-notes',
} as const;
export type ApprovalType = keyof typeof APPROVE_PATH;

/**
 * A tenant's record in the console: its id is `<tenantId>:<id>`, so that its page's address
 * names both (the admin API reads it at `/tenants/:tenantId/<resource>/:id`). The API's own id
 * stays in `recordId` and the tenant's in `tenantId`.
 */
export const recordKey = (tenantId: string, id: string) => `${tenantId}:${id}`;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const KEY = new RegExp(`^(${UUID}):(${UUID})$`);

/** The tenant and the API's id of a record key; null for anything else. */
export function splitKey(key: unknown): { tenantId: string; id: string } | null {
  const match = typeof key === 'string' ? KEY.exec(key) : null;
  return match ? { tenantId: match[1]!, id: match[2]! } : null;
}

/**
 * The filter with every record key replaced by the API's id (a list filtered on an invoice or
 * a product of the tenant), and the tenant it names: the `tenantId` filter, else a key's tenant.
 */
function tenantScope(filter: Record<string, unknown>) {
  let tenantId = typeof filter.tenantId === 'string' && filter.tenantId !== '' ? filter.tenantId : null;
  const plain: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(filter)) {
    const key = splitKey(value);
    if (key) tenantId ??= key.tenantId;
    plain[name] = key ? key.id : value;
  }
  return { tenantId, filter: plain };
}

/** A tenant's records (`/tenants/:tenantId/<resource>`), once the filter names the tenant. */
const underTenant =
  (resource: string) =>
  (filter: Record<string, unknown>): string | null =>
    typeof filter.tenantId === 'string' ? `/tenants/${encodeURIComponent(filter.tenantId)}/${resource}` : null;

/** Where each resource's paged list is, and which filters the admin API takes for it. */
interface ListSpec {
  /** `null`: nothing to ask yet (a tenant's records before a tenant is chosen). */
  path: (filter: Record<string, unknown>) => string | null;
  filters: string[];
  /** The record's id when the API's has another name (the audit log's `seq`). */
  id?: string;
  /** A tenant's records: keyed `<tenantId>:<id>`, each read alone at `/tenants/:tenantId/<resource>/:id`. */
  tenant?: true;
}

/** A tenant's list with these filters. */
const tenantList = (resource: string, filters: string[]): ListSpec => ({
  path: underTenant(resource),
  filters,
  tenant: true,
});

const LISTS: Record<string, ListSpec> = {
  approvals: { path: () => '/approvals', filters: ['type', 'tenantId'] },
  tenants: { path: () => '/tenants', filters: ['search'] },
  integrations: { path: () => '/integrations', filters: ['tenantId', 'paused', 'active'] },
  deliveries: {
    // One integration's deliveries, or every one in the caller's tenants.
    path: (filter) =>
      typeof filter.integrationId === 'string' && filter.integrationId !== ''
        ? `/integrations/${encodeURIComponent(filter.integrationId)}/deliveries`
        : '/deliveries',
    filters: ['status', 'event', 'tenantId'],
  },
  audit: { path: () => '/audit', filters: ['actor', 'action', 'tenantId', 'targetId', 'from', 'to'], id: 'seq' },
  staff: { path: () => '/staff', filters: [] },
  products: tenantList('products', ['search']),
  customers: tenantList('customers', ['search']),
  invoices: tenantList('invoices', ['status', 'fromDate', 'toDate']),
  payments: tenantList('payments', ['invoiceId', 'method']),
  refunds: tenantList('refunds', ['invoiceId']),
  'credit-notes': tenantList('credit-notes', []),
  'debit-notes': tenantList('debit-notes', []),
  reservations: tenantList('reservations', ['status', 'warehouseId', 'productId']),
  transfers: tenantList('transfers', ['warehouseId', 'productId']),
  'purchase-orders': tenantList('purchase-orders', ['status']),
  'goods-receipts': tenantList('goods-receipts', ['warehouseId', 'purchaseOrderId']),
  shipments: tenantList('shipments', ['status', 'invoiceId']),
  // A product's stock movements: the product's page lists them (`productId` is its key).
  ledger: {
    path: (filter) =>
      typeof filter.tenantId === 'string' && typeof filter.productId === 'string'
        ? `/tenants/${encodeURIComponent(filter.tenantId)}/products/${encodeURIComponent(filter.productId)}/ledger`
        : null,
    filters: [],
    tenant: true,
  },
};

/** Fields a PATCH may carry, per resource: an update sends only those that changed. */
const PATCHABLE: Record<string, string[]> = {
  integrations: ['active', 'allowedIps', 'webhookUrl', 'webhookEvents', 'requireSignedReads', 'rateLimitPerMinute'],
  staff: ['name', 'role', 'tenantIds', 'active'],
  tenants: ['name', 'pricesIncludeTax'],
};

/** Records seen in lists, for pages that open one (the API has no `GET /integrations/:id` or `/staff/:id`). */
const seen = new Map<string, RaRecord>();
const key = (resource: string, id: Identifier) => `${resource}/${String(id)}`;

function withId(spec: ListSpec, record: Record<string, unknown>, tenantId: string | null): RaRecord {
  if (spec.tenant && tenantId) {
    return { ...record, id: recordKey(tenantId, String(record.id)), recordId: record.id, tenantId };
  }
  return { ...record, id: (spec.id ? record[spec.id] : record.id) as Identifier };
}

async function list(resource: string, params: GetListParams) {
  const spec = LISTS[resource];
  if (!spec) throw new Error(`No list for ${resource}`);
  const scoped = tenantScope((params.filter ?? {}) as Record<string, unknown>);
  const filter = spec.tenant ? { ...scoped.filter, tenantId: scoped.tenantId } : scoped.filter;
  const query: Record<string, unknown> = {
    page: params.pagination?.page ?? 1,
    limit: Math.min(params.pagination?.perPage ?? 25, 100),
  };
  for (const name of spec.filters) {
    const value = name === 'search' ? (filter.q ?? filter.search) : filter[name];
    if (value !== undefined && value !== '' && value !== null) query[name] = value;
  }
  const path = spec.path(filter);
  if (path === null) return { data: [] as RaRecord[], total: 0 };
  const { json } = await request<Record<string, unknown>[]>('GET', path, { query });
  const data = (json?.data ?? []).map((record) => withId(spec, record, spec.tenant ? scoped.tenantId : null));
  for (const record of data) seen.set(key(resource, record.id), record);
  return { data, total: json?.pagination?.total ?? data.length };
}

/** Finds a record the API lists but does not serve alone, page by page (100 at a time). */
async function find(resource: string, id: Identifier): Promise<RaRecord> {
  const known = seen.get(key(resource, id));
  if (known) return known;
  for (let page = 1; page <= 50; page += 1) {
    const { data, total } = await list(resource, {
      pagination: { page, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const found = data.find((record) => String(record.id) === String(id));
    if (found) return found;
    if (page * 100 >= total) break;
  }
  throw new Error('Not found');
}

function changes(resource: string, data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  const body: Record<string, unknown> = {};
  for (const field of PATCHABLE[resource] ?? []) {
    if (!(field in data)) continue;
    let value = data[field];
    if (value === '') value = null;
    if (previous && JSON.stringify(previous[field] ?? null) === JSON.stringify(value ?? null)) continue;
    body[field] = value;
  }
  return body;
}

export interface ConsoleDataProvider extends DataProvider {
  approve(type: ApprovalType, id: Identifier): Promise<unknown>;
  reject(id: Identifier, reason: string): Promise<unknown>;
  replay(deliveryId: Identifier): Promise<unknown>;
  resume(integrationId: Identifier, replayDeadLetters: boolean): Promise<{ requeued: number; replayed: number }>;
  ping(
    integrationId: Identifier,
  ): Promise<{ delivered: boolean; statusCode: number | null; error: string | null; durationMs: number }>;
  rotateSecret(integrationId: Identifier): Promise<{ clientSecret: string; previousSecretExpiresAt: string }>;
  issueApiKey(integrationId: Identifier): Promise<{ apiKey: string }>;
}

const at = (resource: string, id: Identifier) => `/${resource}/${encodeURIComponent(String(id))}`;

/** react-admin's data provider on the admin API: its paging (`page`, `limit`), its filters, its error messages. */
export const dataProvider: ConsoleDataProvider = {
  getList: (resource, params) => list(resource, params) as never,
  async getOne(resource, params) {
    if (resource === 'tenants') {
      const tenant = await getData<RaRecord>('GET', at('tenants', params.id));
      return { data: tenant } as never;
    }
    const owned = LISTS[resource]?.tenant ? splitKey(params.id) : null;
    if (owned) {
      const record = await getData<Record<string, unknown>>(
        'GET',
        `/tenants/${owned.tenantId}${at(resource, owned.id)}`,
      );
      return { data: { ...record, id: params.id, recordId: owned.id, tenantId: owned.tenantId } } as never;
    }
    return { data: await find(resource, params.id) } as never;
  },
  async getMany(resource, params) {
    const data = await Promise.all(params.ids.map((id) => this.getOne(resource, { id }).then((r) => r.data)));
    return { data } as never;
  },
  async getManyReference(resource, params) {
    return list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
  },
  async create(resource, params) {
    const created = await getData<RaRecord>('POST', `/${resource}`, params.data);
    seen.set(key(resource, created.id), created);
    return { data: created } as never;
  },
  async update(resource, params) {
    const body = changes(
      resource,
      params.data as Record<string, unknown>,
      params.previousData as Record<string, unknown>,
    );
    if (Object.keys(body).length === 0) return { data: params.previousData } as never;
    const updated = await getData<RaRecord>('PATCH', at(resource, params.id), body);
    const record = { ...params.previousData, ...updated };
    seen.set(key(resource, record.id), record);
    return { data: record } as never;
  },
  async updateMany() {
    throw new Error('Not supported');
  },
  async delete() {
    throw new Error('Not supported');
  },
  async deleteMany() {
    throw new Error('Not supported');
  },
  approve: (type, id) => getData('POST', `${at(APPROVE_PATH[type], id)}/approve`),
  reject: (id, reason) => getData('POST', `${at('stock-adjustments', id)}/reject`, { reason }),
  replay: (id) => getData('POST', `${at('deliveries', id)}/replay`),
  resume: (id, replayDeadLetters) => getData('POST', `${at('integrations', id)}/webhook/resume`, { replayDeadLetters }),
  ping: (id) => getData('POST', `${at('integrations', id)}/webhook/ping`),
  rotateSecret: (id) => getData('POST', `${at('integrations', id)}/rotate-secret`, {}),
  issueApiKey: (id) => getData('POST', `${at('integrations', id)}/api-key`),
};
