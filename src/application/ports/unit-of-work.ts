import type { IntegrationRepository } from './access-ports.js';
import type { CustomerRepository, InvoiceRepository, NoteRepository } from './billing-repositories.js';
import type { DocumentNumbers } from './document-numbers.js';
import type {
  AdjustmentRequestRepository,
  ProductRepository,
  StockLedgerRepository,
  StockRepository,
} from './inventory-repositories.js';
import type {
  BranchRepository,
  FiscalYearRepository,
  TenantRepository,
  WarehouseRepository,
} from './organization-repositories.js';
import type { Outbox } from './outbox.js';
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
  customers: CustomerRepository;
  integrations: IntegrationRepository;
  invoices: InvoiceRepository;
  creditNotes: NoteRepository;
  debitNotes: NoteRepository;
  outbox: Outbox;
  documentNumbers: DocumentNumbers;
  outboxFeed: OutboxFeed;
  webhookDeliveries: WebhookDeliveryRepository;
}

/**
 * One explicit transaction per use case (ARCHITECTURE habit 5). `run` commits when `work`
 * resolves and rolls back when it throws; a serialization failure or deadlock is retried a few
 * times. `read` runs without a transaction, for queries that need no isolation.
 * Inside `work`, use only the repositories handed in: on the embedded database a second
 * connection would wait for this transaction to end.
 */
export interface UnitOfWork {
  run<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}
