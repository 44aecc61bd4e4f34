import type { Knex } from 'knex';
import type { SecretCipher } from '../../application/ports/access-ports.js';
import type { Repositories, UnitOfWork } from '../../application/ports/unit-of-work.js';
import { KnexAdjustmentRequestRepository } from './adjustment-request-repository.js';
import { KnexCustomerRepository } from './customer-repository.js';
import { currentIdempotencyScope } from '../shared/idempotency-scope.js';
import { isRetryable } from './db-errors.js';
import { claimIdempotencyKey, StatementKey } from './idempotency-store.js';
import { KnexDocumentNumbers } from './document-numbers.js';
import { KnexIntegrationRepository } from './integration-repository.js';
import { IntegrationMapper } from './integration.mapper.js';
import { KnexInvoiceRepository } from './invoice-repository.js';
import { KnexNoteRepository } from './note-repository.js';
import {
  KnexBranchRepository,
  KnexFiscalYearRepository,
  KnexTenantRepository,
  KnexWarehouseRepository,
} from './organization-repositories.js';
import { KnexOutboxFeed } from './outbox-feed.js';
import { KnexPaymentRepository, KnexRefundRepository } from './payment-refund-repositories.js';
import { KnexOutbox } from './outbox-repository.js';
import type { Db, SeenAggregates } from './db.js';
import { KnexProductRepository } from './product-repository.js';
import { KnexReservationRepository } from './reservation-repository.js';
import { KnexShipmentRepository } from './shipment-repository.js';
import {
  KnexGoodsReceiptRepository,
  KnexPurchaseOrderRepository,
  KnexTransferRepository,
} from './stock-document-repositories.js';
import { KnexStockLedgerRepository } from './stock-ledger-repository.js';
import { KnexStockRepository } from './stock-repository.js';
import { KnexWebhookDeliveryRepository } from './webhook-delivery-repository.js';

export function repositoriesFor(
  db: Db,
  cipher: SecretCipher,
  seen: SeenAggregates = new Set(),
  statementKey?: StatementKey,
): Repositories {
  return {
    tenants: new KnexTenantRepository(db),
    branches: new KnexBranchRepository(db),
    fiscalYears: new KnexFiscalYearRepository(db),
    warehouses: new KnexWarehouseRepository(db),
    products: new KnexProductRepository(db),
    adjustmentRequests: new KnexAdjustmentRequestRepository(db, seen),
    stock: new KnexStockRepository(db),
    stockLedger: new KnexStockLedgerRepository(db),
    reservations: new KnexReservationRepository(db),
    transfers: new KnexTransferRepository(db),
    purchaseOrders: new KnexPurchaseOrderRepository(db),
    goodsReceipts: new KnexGoodsReceiptRepository(db),
    customers: new KnexCustomerRepository(db),
    integrations: new KnexIntegrationRepository(db, new IntegrationMapper(cipher)),
    invoices: new KnexInvoiceRepository(db, seen, statementKey),
    creditNotes: new KnexNoteRepository(db, 'CREDIT', seen),
    debitNotes: new KnexNoteRepository(db, 'DEBIT', seen),
    payments: new KnexPaymentRepository(db, seen),
    refunds: new KnexRefundRepository(db, seen),
    documentNumbers: new KnexDocumentNumbers(db),
    shipments: new KnexShipmentRepository(db, seen),
    outboxFeed: new KnexOutboxFeed(db),
    webhookDeliveries: new KnexWebhookDeliveryRepository(db, cipher),
  };
}

const MAX_ATTEMPTS = 5;

/** Runs `attempt` again, after a short random pause, on a serialization failure or deadlock. */
async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= MAX_ATTEMPTS || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * n));
    }
  }
}

/** The knex UnitOfWork: one transaction per `run`, retried on serialization failure or deadlock. */
export class KnexUnitOfWork implements UnitOfWork {
  constructor(
    private readonly knex: Knex,
    private readonly cipher: SecretCipher,
  ) {}

  async run<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    // A keyed external POST (CONTRACT §8): its first transaction holds the key row, so the
    // write and its key commit or roll back together.
    const scope = currentIdempotencyScope();
    const claiming = scope !== undefined && !scope.claimed;
    const result = await retried(() =>
      this.knex.transaction(async (trx) => {
        if (claiming) await claimIdempotencyKey(trx, scope);
        const seen: SeenAggregates = new Set();
        const result = await work(repositoriesFor(trx, this.cipher, seen));
        await new KnexOutbox(trx).add([...seen].flatMap((aggregate) => aggregate.pullEvents()));
        return result;
      }),
    );
    if (claiming) scope.claimed = true;
    return result;
  }

  async runStatement<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    const scope = currentIdempotencyScope();
    const claiming = scope !== undefined && !scope.claimed;
    const result = await retried(async () => {
      const key = claiming ? new StatementKey(scope) : undefined;
      const seen: SeenAggregates = new Set();
      const result = await work(repositoriesFor(this.knex, this.cipher, seen, key));
      if (key && !key.used) throw new Error("runStatement: the work wrote without the request's Idempotency-Key");
      if ([...seen].some((aggregate) => aggregate.pullEvents().length > 0)) {
        throw new Error('runStatement: events need a transaction (use run)');
      }
      return result;
    });
    if (claiming) scope.claimed = true;
    return result;
  }

  read<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return work(repositoriesFor(this.knex, this.cipher));
  }
}
