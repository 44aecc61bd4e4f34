import type { IntegrationRepository } from './access-ports.js';
import type { KeyedWrite, PlanRepository } from './gateway-ports.js';
import type {
  CustomerRepository,
  InvoiceRepository,
  NoteRepository,
  PaymentRepository,
  RefundRepository,
} from './billing-repositories.js';
import type { DocumentNumbers } from './document-numbers.js';
import type { ShipmentRepository } from './logistics-ports.js';
import type {
  AdjustmentRequestRepository,
  GoodsReceiptRepository,
  ProductRepository,
  PurchaseOrderRepository,
  ReservationRepository,
  StockLedgerRepository,
  StockRepository,
  TransferRepository,
} from './inventory-repositories.js';
import type {
  BranchRepository,
  FiscalYearRepository,
  TenantRepository,
  WarehouseRepository,
} from './organization-repositories.js';
import type { AuditedChange, AuditLog, StaffRepository } from './staff-ports.js';
import type { OutboxFeed, WebhookDeliveryRepository } from './webhook-ports.js';

/** Every repository, bound to one transaction (or to none, for `read`). */
export interface Repositories {
  tenants: TenantRepository;
  branches: BranchRepository;
  fiscalYears: FiscalYearRepository;
  warehouses: WarehouseRepository;
  products: ProductRepository;
  adjustmentRequests: AdjustmentRequestRepository;
  stock: StockRepository;
  stockLedger: StockLedgerRepository;
  reservations: ReservationRepository;
  transfers: TransferRepository;
  purchaseOrders: PurchaseOrderRepository;
  goodsReceipts: GoodsReceiptRepository;
  customers: CustomerRepository;
  integrations: IntegrationRepository;
  invoices: InvoiceRepository;
  creditNotes: NoteRepository;
  debitNotes: NoteRepository;
  payments: PaymentRepository;
  refunds: RefundRepository;
  documentNumbers: DocumentNumbers;
  shipments: ShipmentRepository;
  outboxFeed: OutboxFeed;
  webhookDeliveries: WebhookDeliveryRepository;
  staff: StaffRepository;
  plans: PlanRepository;
  auditLog: AuditLog;
}

/**
 * What a use case hands its unit of work about the request: an external request's
 * Idempotency-Key, or a back-office change to record in the audit log.
 */
export type WriteScope = KeyedWrite | AuditedChange;

/** The name of one repository of the unit of work. */
export type RepositoryName = keyof Repositories;

/**
 * One explicit transaction per use case. `run` commits when `work`
 * resolves and rolls back when it throws; a serialization failure or deadlock is retried a few
 * times. Just before commit it writes the events of every aggregate its repositories added or
 * saved to the outbox, in the same transaction, so no use case feeds the outbox by hand.
 * `read` runs without a transaction, for queries that need no isolation.
 *
 * `K` names the repositories a use case may touch: a use case declares
 * `UnitOfWork<'invoices' | 'documentNumbers'>` and sees only those (narrow ports).
 * Inside `work`, use only the repositories handed in: on the embedded database a second
 * connection would wait for this transaction to end.
 */
export interface UnitOfWork<K extends RepositoryName = RepositoryName> {
  /**
   * `scope`: the request's Idempotency-Key, when it has one. The first `run` or `runStatement`
   * given it inserts the key's row with its work and leaves its transaction open for the answer
   * (`KeyedWrite`); later calls given it (`read` too) run inside that transaction.
   * Or a back-office change (`AuditedChange`): the first `run` given it appends its audit entry
   * (the target's fields before and after the work) in the same transaction, before commit.
   */
  run<T>(work: (repos: Pick<Repositories, K>) => Promise<T>, scope?: WriteScope): Promise<T>;
  /**
   * For `work` whose only write is one repository call documented as a single statement,
   * atomic on its own (`InvoiceRepository.add`): it runs with no transaction around it, so the
   * locks that statement takes (a document counter) are held for the statement alone, and it
   * costs no BEGIN and COMMIT round trips. A keyed request's Idempotency-Key is inserted by that
   * same statement, which then runs in the transaction that commits it with the request's
   * answer (as `run` does for a keyed request). Its aggregates must record no events (there is
   * no transaction to carry them to the outbox). Retried like `run`.
   */
  runStatement<T>(work: (repos: Pick<Repositories, K>) => Promise<T>, scope?: WriteScope): Promise<T>;
  read<T>(work: (repos: Pick<Repositories, K>) => Promise<T>, scope?: WriteScope): Promise<T>;
}
