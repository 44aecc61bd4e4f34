import type { IntegrationRepository } from '../../src/application/ports/access-ports.js';
import { Integration } from '../../src/domain/access/integration.js';
import type {
  CustomerRepository,
  InvoiceListQuery,
  InvoiceRepository,
  InvoiceSummary,
  NoteRepository,
} from '../../src/application/ports/billing-repositories.js';
import {
  formatDocumentNumber,
  type DocumentKind,
  type DocumentNumbers,
} from '../../src/application/ports/document-numbers.js';
import type { Outbox } from '../../src/application/ports/outbox.js';
import type { AggregateRoot } from '../../src/domain/shared/events.js';
import type { DomainEvent } from '../../src/domain/shared/events.js';
import type {
  ClaimedDelivery,
  DeliveryListItem,
  OutboxFeed,
  OutboxRecord,
  WebhookDeliveryRepository,
} from '../../src/application/ports/webhook-ports.js';
import type { DeliveryStatus } from '../../src/domain/webhooks/delivery.machine.js';
import {
  WebhookDelivery,
  type DeliveryAttempt,
  type DeliveryLease,
  type WebhookDeliveryState,
} from '../../src/domain/webhooks/delivery.js';
import { PING_EVENT } from '../../src/domain/webhooks/payload.js';
import { MAX_IN_FLIGHT_PER_TENANT } from '../../src/domain/webhooks/retry-policy.js';
import type { Clock } from '../../src/application/ports/clock.js';
import type { IdGenerator } from '../../src/application/ports/id-generator.js';
import type {
  AdjustmentRequestRepository,
  AdjustmentSummary,
  LowStockSummary,
  ProductRepository,
  ProductView,
  StockLedgerRepository,
  StockRepository,
} from '../../src/application/ports/inventory-repositories.js';
import type {
  BranchRepository,
  FiscalYearRepository,
  TenantRepository,
  WarehouseRepository,
} from '../../src/application/ports/organization-repositories.js';
import { offsetOf, type Page, type PageRequest } from '../../src/application/ports/pagination.js';
import type { Repositories, UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import type { Customer } from '../../src/domain/billing/customer.js';
import {
  AdjustmentRequest,
  type AdjustmentRequestState,
  type AdjustmentStatus,
} from '../../src/domain/inventory/adjustment-request.js';
import {
  CustomerNotFound,
  DuplicateDocumentNumber,
  InvoiceLineProductMissing,
} from '../../src/domain/billing/errors.js';
import { Invoice, type InvoiceState } from '../../src/domain/billing/invoice.js';
import { invoiceAmounts } from '../../src/domain/billing/invoice-amounts.js';
import { Note, type NoteKind, type NoteState } from '../../src/domain/billing/note.js';
import { Money } from '../../src/domain/shared/money.js';
import { DuplicateSku } from '../../src/domain/inventory/errors.js';
import { LOW_STOCK_STATUSES, lowStockStatusOf } from '../../src/domain/inventory/low-stock.js';
import { STOCK_LEVEL_BOUNDS } from '../../src/domain/inventory/stock-level.js';
import type { StockLedgerEntry } from '../../src/domain/inventory/stock-ledger.js';
import { Quantity } from '../../src/domain/shared/quantity.js';
import type { Product } from '../../src/domain/inventory/product.js';
import { DuplicateBranchCode, FiscalYearNotFound, FiscalYearOverlap } from '../../src/domain/organization/errors.js';
import { overlaps, type FiscalYear } from '../../src/domain/organization/fiscal-year.js';
import type { Branch, Tenant, Warehouse } from '../../src/domain/organization/organization.js';

/** In-memory ports for use-case tests: a few lines each, no database. */
export class FixedClock implements Clock {
  constructor(public current = new Date('2026-03-01T10:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class SequentialIds implements IdGenerator {
  private n = 0;
  next(): string {
    this.n += 1;
    return `00000000-0000-4000-8000-${String(this.n).padStart(12, '0')}`;
  }
}

class MemTenants implements TenantRepository {
  rows = new Map<string, Tenant>();
  async add(t: Tenant) {
    this.rows.set(t.id, t);
  }
  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }
  async lock(id: string) {
    return this.rows.has(id);
  }
}

class MemBranches implements BranchRepository {
  rows = new Map<string, Branch>();
  async add(b: Branch) {
    if ([...this.rows.values()].some((x) => x.tenantId === b.tenantId && x.code === b.code))
      throw new DuplicateBranchCode();
    this.rows.set(b.id, b);
  }
  async findById(tenantId: string, id: string) {
    const b = this.rows.get(id);
    return b && b.tenantId === tenantId ? b : null;
  }
}

class MemFiscalYears implements FiscalYearRepository {
  rows = new Map<string, FiscalYear>();
  async add(y: FiscalYear) {
    if ([...this.rows.values()].some((x) => x.tenantId === y.tenantId && overlaps(x, y))) throw new FiscalYearOverlap();
    this.rows.set(y.id, y);
  }
  async findById(tenantId: string, id: string) {
    const y = this.rows.get(id);
    return y && y.tenantId === tenantId ? y : null;
  }
  async findOverlapping(tenantId: string, startsOn: string, endsOn: string) {
    return [...this.rows.values()].find((x) => x.tenantId === tenantId && overlaps(x, { startsOn, endsOn })) ?? null;
  }
}

class MemWarehouses implements WarehouseRepository {
  rows = new Map<string, Warehouse>();
  async add(w: Warehouse) {
    this.rows.set(w.id, w);
  }
  async findById(tenantId: string, id: string) {
    const w = this.rows.get(id);
    return w && w.tenantId === tenantId ? w : null;
  }
}

class MemProducts implements ProductRepository {
  rows = new Map<string, Product>();
  async add(p: Product) {
    if ([...this.rows.values()].some((x) => x.tenantId === p.tenantId && x.sku === p.sku)) throw new DuplicateSku();
    this.rows.set(p.id, p);
  }
  async findById(tenantId: string, id: string) {
    const p = this.rows.get(id);
    return p && p.tenantId === tenantId ? p : null;
  }
  async save(p: Product) {
    this.rows.set(p.id, p);
  }
  async list(tenantId: string, q: PageRequest & { search?: string }): Promise<Page<ProductView>> {
    const term = q.search?.toLowerCase();
    const all = [...this.rows.values()]
      .filter((p) => p.tenantId === tenantId)
      .filter((p) => !term || p.name.toLowerCase().includes(term) || p.sku.toLowerCase().includes(term))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    const items = all.slice(offsetOf(q), offsetOf(q) + q.limit).map((p) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      price: p.price.toNumber(),
      sku: p.sku,
      currentStock: 0,
      minStock: p.minStock.toNumber(),
    }));
    return { items, total: all.length, page: q.page, limit: q.limit };
  }
  async findExistingIds(tenantId: string, ids: readonly string[]) {
    return new Set(ids.filter((id) => this.rows.get(id)?.tenantId === tenantId));
  }
}

/** Stores plain state (not the aggregate), so a rolled-back decision leaves no trace. */
/** The aggregates added or saved in the running unit of work (drained into the outbox on commit). */
const seen = new Set<AggregateRoot>();

class MemAdjustmentRequests implements AdjustmentRequestRepository {
  rows = new Map<string, AdjustmentRequestState>();
  async add(r: AdjustmentRequest) {
    seen.add(r);
    this.rows.set(r.id, r.snapshot());
  }
  async findById(tenantId: string, id: string) {
    const s = this.rows.get(id);
    return s && s.tenantId === tenantId ? AdjustmentRequest.restore(s) : null;
  }
  async findByIdAcrossTenants(id: string) {
    const s = this.rows.get(id);
    return s ? AdjustmentRequest.restore(s) : null;
  }
  async save(r: AdjustmentRequest) {
    if (this.rows.get(r.id)?.status !== 'PENDING') return false;
    this.rows.set(r.id, r.snapshot());
    seen.add(r);
    return true;
  }
  async list(tenantId: string, q: PageRequest & { status?: AdjustmentStatus }): Promise<Page<AdjustmentSummary>> {
    const all = [...this.rows.values()]
      .filter((s) => s.tenantId === tenantId && (!q.status || s.status === q.status))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
    const items = all.slice(offsetOf(q), offsetOf(q) + q.limit).map((s) => ({
      id: s.id,
      number: s.number,
      warehouseId: s.warehouseId,
      status: s.status,
      reason: s.reason,
      createdAt: s.createdAt,
    }));
    return { items, total: all.length, page: q.page, limit: q.limit };
  }
}

/** Stock levels keyed `tenant/warehouse/product`; never below zero, like the CHECK. */
class MemStock implements StockRepository {
  rows = new Map<string, Quantity>();
  constructor(private readonly products: MemProducts) {}
  private key(tenantId: string, warehouseId: string, productId: string) {
    return `${tenantId}/${warehouseId}/${productId}`;
  }
  /** Test helper: what the warehouse holds (0 when nothing was ever stored). */
  level(tenantId: string, warehouseId: string, productId: string): Quantity {
    return this.rows.get(this.key(tenantId, warehouseId, productId)) ?? Quantity.ZERO;
  }
  async findOnHand(tenantId: string, warehouseId: string, productIds: readonly string[]) {
    const found = new Map<string, Quantity>();
    for (const id of productIds) {
      const q = this.rows.get(this.key(tenantId, warehouseId, id));
      if (q) found.set(id, q);
    }
    return found;
  }
  async lock() {}
  async increaseIfRoom(tenantId: string, warehouseId: string, productId: string, quantity: Quantity) {
    const after = this.level(tenantId, warehouseId, productId).plus(quantity);
    if (after.greaterThan(STOCK_LEVEL_BOUNDS.max)) return null;
    this.rows.set(this.key(tenantId, warehouseId, productId), after);
    return after;
  }
  async decreaseIfAvailable(tenantId: string, warehouseId: string, productId: string, quantity: Quantity) {
    const key = this.key(tenantId, warehouseId, productId);
    const current = this.rows.get(key);
    if (!current || current.lessThan(quantity)) return null;
    const after = current.minus(quantity);
    this.rows.set(key, after);
    return after;
  }
  async findLowStockSummary(tenantId: string, limit: number): Promise<LowStockSummary[]> {
    const current = (productId: string) =>
      [...this.rows.entries()]
        .filter(([k]) => k.startsWith(`${tenantId}/`) && k.endsWith(`/${productId}`))
        .reduce((sum, [, q]) => sum.plus(q), Quantity.ZERO);
    const rated = [...this.products.rows.values()]
      .filter((p) => p.tenantId === tenantId)
      .map((p) => ({ p, stock: current(p.id) }))
      .map((x) => ({ ...x, status: lowStockStatusOf(x.stock, x.p.minStock) }));
    return LOW_STOCK_STATUSES.map((status) => {
      const mine = rated
        .filter((x) => x.status === status)
        .sort(
          (a, b) =>
            a.stock.toDecimal().comparedTo(b.stock.toDecimal()) ||
            a.p.name.localeCompare(b.p.name) ||
            a.p.id.localeCompare(b.p.id),
        );
      return {
        status,
        productCount: mine.length,
        products: mine.slice(0, limit).map(({ p, stock }) => ({
          id: p.id,
          name: p.name,
          sku: p.sku,
          currentStock: stock.toNumber(),
          minStock: p.minStock.toNumber(),
        })),
      };
    });
  }
}

class MemStockLedger implements StockLedgerRepository {
  rows = new Map<string, StockLedgerEntry>();
  async add(entries: readonly StockLedgerEntry[]) {
    for (const e of entries) this.rows.set(e.id, e);
  }
  async list(tenantId: string, q: PageRequest & { productId: string }): Promise<Page<StockLedgerEntry>> {
    const all = [...this.rows.values()].filter((e) => e.tenantId === tenantId && e.productId === q.productId).reverse();
    return { items: all.slice(offsetOf(q), offsetOf(q) + q.limit), total: all.length, page: q.page, limit: q.limit };
  }
}

class MemCustomers implements CustomerRepository {
  rows = new Map<string, Customer>();
  async add(c: Customer) {
    this.rows.set(c.id, c);
  }
  async findById(tenantId: string, id: string) {
    const c = this.rows.get(id);
    return c && c.tenantId === tenantId ? c : null;
  }
}

class MemIntegrations implements IntegrationRepository {
  rows = new Map<string, Integration>();
  // Stored as state copies so a test sees only what was saved.
  async add(i: Integration) {
    this.rows.set(i.id, Integration.restore(i.state()));
  }
  async save(i: Integration) {
    this.rows.set(i.id, Integration.restore(i.state()));
  }
  async findByIdAcrossTenants(id: string) {
    const i = this.rows.get(id);
    return i ? Integration.restore(i.state()) : null;
  }
  async findByClientId(clientId: string) {
    const i = [...this.rows.values()].find((x) => x.clientId === clientId);
    return i ? Integration.restore(i.state()) : null;
  }
  async findByTenant(tenantId: string) {
    return [...this.rows.values()].filter((x) => x.tenantId === tenantId);
  }
  async findWebhookSubscribers(tenantIds: readonly string[]) {
    return [...this.rows.values()]
      .filter((x) => tenantIds.includes(x.tenantId) && x.active && x.webhookUrl !== null)
      .map((x) => Integration.restore(x.state()));
  }
}

/** Newest first, then id: the order of every document list. */
function newestFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id);
}

/** Credit or debit notes. Rows are the notes' immutable states, so a rollback restores them exactly. */
class MemNotes implements NoteRepository {
  rows = new Map<string, NoteState>();
  constructor(readonly kind: NoteKind) {}
  async add(n: Note) {
    seen.add(n);
    const s = n.state();
    if ([...this.rows.values()].some((x) => x.tenantId === s.tenantId && x.number === s.number)) {
      throw new DuplicateDocumentNumber();
    }
    this.rows.set(s.id, s);
  }
  async save(n: Note) {
    seen.add(n);
    this.rows.set(n.id, n.state());
  }
  async findById(tenantId: string, id: string) {
    const s = this.rows.get(id);
    return s && s.tenantId === tenantId ? Note.restore(s) : null;
  }
  async findByIdAcrossTenants(id: string) {
    const s = this.rows.get(id);
    return s ? Note.restore(s) : null;
  }
  async list(tenantId: string, q: PageRequest): Promise<Page<Note>> {
    const all = [...this.rows.values()].filter((n) => n.tenantId === tenantId).sort(newestFirst);
    return {
      items: all.slice(offsetOf(q), offsetOf(q) + q.limit).map((s) => Note.restore(s)),
      total: all.length,
      ...q,
    };
  }
  /** Sum of the invoice's notes in `status`. */
  total(invoiceId: string, status: NoteState['status']): Money {
    return Money.sum(
      [...this.rows.values()].filter((n) => n.invoiceId === invoiceId && n.status === status).map((n) => n.amount),
    );
  }
}

/** Invoices; like the database, note totals are computed from the notes on every load. */
class MemInvoices implements InvoiceRepository {
  rows = new Map<string, InvoiceState>();
  constructor(
    private readonly credit: MemNotes,
    private readonly debit: MemNotes,
    private readonly customers: MemCustomers,
    private readonly products: MemProducts,
  ) {}
  /** Like the table's unique key and foreign keys. */
  async add(i: Invoice) {
    seen.add(i);
    const s = i.state();
    if ([...this.rows.values()].some((x) => x.tenantId === s.tenantId && x.number === s.number)) {
      throw new DuplicateDocumentNumber();
    }
    if (!(await this.customers.findById(s.tenantId, s.customerId))) throw new CustomerNotFound();
    for (const line of s.lines) {
      if (!(await this.products.findById(s.tenantId, line.productId))) throw new InvoiceLineProductMissing();
    }
    this.rows.set(s.id, s);
  }
  async save(i: Invoice) {
    seen.add(i);
    this.rows.set(i.id, i.state());
  }
  async findById(tenantId: string, id: string) {
    const s = this.rows.get(id);
    return s && s.tenantId === tenantId ? this.restore(s) : null;
  }
  async findByIdAcrossTenants(id: string) {
    const s = this.rows.get(id);
    return s ? this.restore(s) : null;
  }
  async list(tenantId: string, q: InvoiceListQuery): Promise<Page<InvoiceSummary>> {
    const all = [...this.rows.values()]
      .filter((s) => s.tenantId === tenantId && (!q.status || s.status === q.status))
      .filter((s) => (!q.fromDate || s.createdAt >= q.fromDate) && (!q.toDate || s.createdAt < q.toDate))
      .sort(newestFirst);
    const items = all.slice(offsetOf(q), offsetOf(q) + q.limit).map((s) => ({
      id: s.id,
      billNumber: s.number,
      status: s.status,
      customerId: s.customerId,
      paymentMethod: s.paymentMethod,
      branchId: s.branchId,
      createdAt: s.createdAt,
      ...invoiceAmounts({
        ...s,
        approvedDebits: this.debit.total(s.id, 'APPROVED'),
        approvedCredits: this.credit.total(s.id, 'APPROVED'),
      }),
    }));
    return { items, total: all.length, page: q.page, limit: q.limit };
  }
  private restore(s: InvoiceState): Invoice {
    return Invoice.restore(s, {
      approvedDebits: this.debit.total(s.id, 'APPROVED'),
      approvedCredits: this.credit.total(s.id, 'APPROVED'),
      pendingCredits: this.credit.total(s.id, 'DRAFT'),
    });
  }
}

class MemOutbox implements Outbox {
  rows = new Map<string, DomainEvent>();
  async add(events: readonly DomainEvent[]) {
    for (const e of events) this.rows.set(String(this.rows.size + 1), e);
  }
  /** Every event committed so far, in order. */
  published(): DomainEvent[] {
    return [...this.rows.values()];
  }
}

/** The outbox's read side over MemOutbox; `rows` holds the dispatch marks (key → time). */
class MemOutboxFeed implements OutboxFeed {
  rows = new Map<string, Date>();
  constructor(private readonly outbox: MemOutbox) {}
  static idOf(key: string): string {
    return `00000000-0000-4000-9000-${key.padStart(12, '0')}`;
  }
  async takeUndispatched(limit: number): Promise<OutboxRecord[]> {
    return [...this.outbox.rows.entries()]
      .filter(([key]) => !this.rows.has(MemOutboxFeed.idOf(key)))
      .slice(0, limit)
      .map(([key, e]) => ({
        tenantId: e.tenantId,
        id: MemOutboxFeed.idOf(key),
        eventName: e.name,
        payload: { ...e.payload, timestamp: e.occurredAt.toISOString() },
        occurredAt: e.occurredAt,
      }));
  }
  async markDispatched(events: readonly Pick<OutboxRecord, 'tenantId' | 'id'>[], at: Date) {
    for (const e of events) this.rows.set(e.id, at);
  }
}

interface MemDeliveryRow {
  state: WebhookDeliveryState;
  attempts: DeliveryAttempt[];
}

/** Deliveries in memory, with the same slot rule as the database: at most 5 IN_FLIGHT per tenant. */
class MemWebhookDeliveries implements WebhookDeliveryRepository {
  rows = new Map<string, MemDeliveryRow>();
  private tokens = 0;
  constructor(private readonly integrations: MemIntegrations) {}

  private store(d: WebhookDelivery, attempts: DeliveryAttempt[] = []) {
    const before = this.rows.get(d.id)?.attempts ?? [];
    this.rows.set(d.id, { state: d.state(), attempts: [...before, ...attempts] });
  }
  private paused(integrationId: string) {
    return this.integrations.rows.get(integrationId)?.webhookPausedAt ? true : false;
  }
  private freeSlots(tenantId: string): number[] {
    const used = new Set(
      [...this.rows.values()]
        .filter((r) => r.state.tenantId === tenantId && r.state.lease)
        .map((r) => r.state.lease!.slot),
    );
    return [1, 2, 3, 4, 5].slice(0, MAX_IN_FLIGHT_PER_TENANT).filter((s) => !used.has(s));
  }
  private lease(tenantId: string, owner: string, leaseMs: number, now: Date): DeliveryLease | null {
    const slot = this.freeSlots(tenantId)[0];
    if (slot === undefined) return null;
    this.tokens += 1;
    return { slot, owner, token: `token-${this.tokens}`, expiresAt: new Date(now.getTime() + leaseMs) };
  }
  /** Every delivery, as stored. */
  all(): WebhookDeliveryState[] {
    return [...this.rows.values()].map((r) => r.state);
  }
  attemptsOf(id: string): DeliveryAttempt[] {
    return this.rows.get(id)?.attempts ?? [];
  }

  async add(deliveries: readonly WebhookDelivery[]) {
    let n = 0;
    for (const d of deliveries) {
      const s = d.state();
      const exists = [...this.rows.values()].some(
        (r) =>
          r.state.tenantId === s.tenantId && r.state.eventId === s.eventId && r.state.integrationId === s.integrationId,
      );
      if (exists) continue;
      this.store(d);
      n += 1;
    }
    return n;
  }
  async claimDue(claim: { owner: string; limit: number; leaseMs: number; now: Date }): Promise<ClaimedDelivery[]> {
    const due = [...this.rows.values()]
      .map((r) => r.state)
      .filter((s) => (s.status === 'PENDING' || s.status === 'RETRYING') && s.nextAttemptAt! <= claim.now)
      .filter((s) => this.sendable(s))
      .sort(
        (a, b) =>
          a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
      );
    const claimed: ClaimedDelivery[] = [];
    for (const s of due) {
      if (claimed.length >= claim.limit) break;
      const lease = this.lease(s.tenantId, claim.owner, claim.leaseMs, claim.now);
      if (!lease) continue;
      const d = WebhookDelivery.restore(s);
      d.claim(lease, claim.now);
      this.store(d);
      const i = this.integrations.rows.get(s.integrationId);
      claimed.push({
        delivery: WebhookDelivery.restore(d.state()),
        target: { url: i?.webhookUrl ?? null, secret: i?.webhookSecret ?? null, active: i?.active ?? false },
      });
    }
    return claimed;
  }
  async addClaimed(delivery: WebhookDelivery, claim: { owner: string; leaseMs: number; now: Date }) {
    const lease = this.lease(delivery.tenantId, claim.owner, claim.leaseMs, claim.now);
    if (!lease) return null;
    const d = WebhookDelivery.restore(delivery.state());
    d.claim(lease, claim.now);
    this.store(d);
    return lease;
  }
  async saveReleased(released: readonly { delivery: WebhookDelivery; leaseToken: string }[]) {
    const saved = new Set<string>();
    for (const { delivery, leaseToken } of released) {
      const row = this.rows.get(delivery.id);
      if (!row || row.state.status !== 'IN_FLIGHT' || row.state.lease?.token !== leaseToken) continue;
      this.store(delivery, [...delivery.newAttempts()]);
      saved.add(delivery.id);
    }
    return saved;
  }
  async findExpiredLeases(now: Date, limit: number) {
    return this.all()
      .filter((s) => s.status === 'IN_FLIGHT' && s.lease!.expiresAt < now)
      .slice(0, limit)
      .map((s) => WebhookDelivery.restore(s));
  }
  async findPausedEndpoints(integrationIds: readonly string[]) {
    return new Set(integrationIds.filter((id) => this.paused(id)));
  }
  private move(filter: (s: WebhookDeliveryState) => boolean, change: Partial<WebhookDeliveryState>, now: Date) {
    let n = 0;
    for (const [id, row] of this.rows) {
      if (!filter(row.state)) continue;
      this.rows.set(id, { ...row, state: { ...row.state, ...change, updatedAt: now } });
      n += 1;
    }
    return n;
  }
  async holdQueued(integrationId: string, now: Date) {
    const queued: DeliveryStatus[] = ['PENDING', 'RETRYING'];
    return this.move(
      (s) => s.integrationId === integrationId && queued.includes(s.status),
      { status: 'HELD', nextAttemptAt: null },
      now,
    );
  }
  async holdQueuedOfPausedEndpoints(now: Date) {
    const queued: DeliveryStatus[] = ['PENDING', 'RETRYING'];
    return this.move(
      (s) => this.paused(s.integrationId) && queued.includes(s.status),
      { status: 'HELD', nextAttemptAt: null },
      now,
    );
  }
  async requeueHeld(integrationId: string, now: Date) {
    return this.move(
      (s) => s.integrationId === integrationId && s.status === 'HELD',
      { status: 'PENDING', nextAttemptAt: now },
      now,
    );
  }
  async replayDeadLetters(integrationId: string, now: Date) {
    return this.move(
      (s) => s.integrationId === integrationId && s.status === 'DEAD' && s.eventName !== PING_EVENT,
      { status: 'PENDING', attempts: 0, nextAttemptAt: now },
      now,
    );
  }
  async findByIdAcrossTenants(id: string) {
    const row = this.rows.get(id);
    return row ? WebhookDelivery.restore(row.state) : null;
  }
  async save(delivery: WebhookDelivery) {
    this.store(delivery, [...delivery.newAttempts()]);
  }
  async listByIntegration(integrationId: string, query: PageRequest & { status?: DeliveryStatus }) {
    const all = [...this.rows.values()]
      .filter((r) => r.state.integrationId === integrationId && (!query.status || r.state.status === query.status))
      .sort(
        (a, b) => b.state.createdAt.getTime() - a.state.createdAt.getTime() || b.state.id.localeCompare(a.state.id),
      );
    const items: DeliveryListItem[] = all
      .slice(offsetOf(query), offsetOf(query) + query.limit)
      .map((r) => ({ delivery: r.state, attempts: r.attempts }));
    return { items, total: all.length, page: query.page, limit: query.limit };
  }
  async hasWork(now: Date) {
    return this.all().some(
      (s) =>
        ((s.status === 'PENDING' || s.status === 'RETRYING') && s.nextAttemptAt! <= now && this.sendable(s)) ||
        (s.status === 'IN_FLIGHT' && s.lease!.expiresAt < now),
    );
  }
  private sendable(s: WebhookDeliveryState) {
    const i = this.integrations.rows.get(s.integrationId);
    return !!i && i.active && i.webhookUrl !== null && i.webhookPausedAt === null;
  }
}

class MemDocumentNumbers implements DocumentNumbers {
  rows = new Map<string, number>();
  constructor(private readonly fiscalYears: MemFiscalYears) {}
  async next(tenantId: string, fiscalYearId: string, kind: DocumentKind) {
    const year = await this.fiscalYears.findById(tenantId, fiscalYearId);
    if (!year) throw new FiscalYearNotFound();
    const key = `${tenantId}/${year.id}/${kind}`;
    const n = (this.rows.get(key) ?? 0) + 1;
    this.rows.set(key, n);
    return formatDocumentNumber(kind, year.code, n);
  }
}

/**
 * The repositories in memory. `run` restores every map when the work throws, like a rollback,
 * so tests can check that a refused use case wrote nothing.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private readonly products = new MemProducts();
  private readonly customers = new MemCustomers();
  private readonly fiscalYears = new MemFiscalYears();
  private readonly notes = { credit: new MemNotes('CREDIT'), debit: new MemNotes('DEBIT') };
  private readonly integrations = new MemIntegrations();
  readonly outbox = new MemOutbox();
  readonly repos = {
    tenants: new MemTenants(),
    branches: new MemBranches(),
    fiscalYears: this.fiscalYears,
    warehouses: new MemWarehouses(),
    products: this.products,
    adjustmentRequests: new MemAdjustmentRequests(),
    stock: new MemStock(this.products),
    stockLedger: new MemStockLedger(),
    customers: this.customers,
    integrations: this.integrations,
    invoices: new MemInvoices(this.notes.credit, this.notes.debit, this.customers, this.products),
    creditNotes: this.notes.credit,
    debitNotes: this.notes.debit,
    documentNumbers: new MemDocumentNumbers(this.fiscalYears),
    outboxFeed: new MemOutboxFeed(this.outbox),
    webhookDeliveries: new MemWebhookDeliveries(this.integrations),
    // Logistics has no fake: its use cases are tested on the real repositories.
    shipments: { rows: new Map<string, unknown>() } as unknown as Repositories['shipments'] & {
      rows: Map<string, unknown>;
    },
  } satisfies Repositories;
  commits = 0;

  async run<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const outboxRows = new Map(this.outbox.rows);
    const saved = Object.entries(this.repos).map(([k, r]) => [k, new Map(r.rows as Map<string, unknown>)] as const);
    seen.clear();
    try {
      const result = await work(this.repos);
      await this.outbox.add([...seen].flatMap((aggregate) => aggregate.pullEvents()));
      this.commits += 1;
      return result;
    } catch (err) {
      this.outbox.rows = outboxRows;
      for (const [k, rows] of saved) (this.repos as Record<string, { rows: Map<string, unknown> }>)[k]!.rows = rows;
      throw err;
    }
  }

  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return work(this.repos);
  }
}

export function fakes() {
  return { uow: new InMemoryUnitOfWork(), ids: new SequentialIds(), clock: new FixedClock() };
}
