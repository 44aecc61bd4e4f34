import type { Knex } from 'knex';
import type { SecretCipher } from '../../application/ports/access-ports.js';
import type { KeyedWrite } from '../../application/ports/gateway-ports.js';
import type { Repositories, UnitOfWork, WriteScope } from '../../application/ports/unit-of-work.js';
import { isAudited, type AuditedChange } from '../../application/ports/staff-ports.js';
import { changesBetween } from '../../domain/staff/audit.js';
import { KnexAuditLog } from './staff/audit-log.js';
import { snapshotOf, tenantOfSnapshot } from './staff/audit-targets.js';
import { KnexStaffRepository } from './staff/staff-repository.js';
import { KnexAdjustmentRequestRepository } from './adjustment-request-repository.js';
import { KnexCustomerRepository } from './customer-repository.js';
import { isRetryable } from './db-errors.js';
import { ConnectionTransaction, inTransaction } from './connection-transaction.js';
import { beginKeyed, HeldKeyTransaction, StatementKey } from './idempotency-store.js';
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
import { KnexPlanRepository } from './plan-repository.js';
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
import type { ReplicaReads } from './replicas/replica-reads.js';

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
    staff: new KnexStaffRepository(db, cipher),
    plans: new KnexPlanRepository(db),
    auditLog: new KnexAuditLog(db),
  };
}

const MAX_ATTEMPTS = 5;

/** The id of what a create made: the result's own, or that of the record it carries. */
function idOf(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return null;
  const { id } = result as { id?: unknown };
  if (typeof id === 'string') return id;
  for (const value of Object.values(result)) {
    const nested = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
    if (typeof nested === 'string') return nested;
  }
  return null;
}

/**
 * Where a keyed request's write stands: its held transaction to join; the key itself when this
 * work is its first transaction; undefined without a key or once its answer is kept.
 */
function stageOf(keyed: KeyedWrite | undefined): HeldKeyTransaction | KeyedWrite | undefined {
  if (keyed === undefined || keyed.closed === 'answered') return undefined;
  if (keyed.closed === 'lock timed out') throw new Error('the Idempotency-Key lock timeout has passed');
  if (keyed.held === null) return keyed;
  if (keyed.held instanceof HeldKeyTransaction) return keyed.held;
  throw new Error('the held Idempotency-Key write is not a ConnectionTransaction');
}

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

/**
 * The knex UnitOfWork: one transaction per `run`, retried on serialization failure or deadlock.
 *
 * Given a keyed request's Idempotency-Key, the first write's transaction inserts the key's row
 * before its work and is not committed when the work ends: it is held (`KeyedWrite.held`) until
 * the HTTP adapter commits it with the answer. The request's later work runs in it (a `run` in a
 * savepoint), so it sees the write and never waits for its locks.
 */
export class KnexUnitOfWork implements UnitOfWork {
  constructor(
    private readonly knex: Knex,
    private readonly cipher: SecretCipher,
    /** With read replicas: where an integration's reads go, and what its writes must record. */
    private readonly replicas: ReplicaReads | null = null,
  ) {}

  run<T>(work: (repos: Repositories) => Promise<T>, scope?: WriteScope): Promise<T> {
    if (isAudited(scope)) {
      if (scope.entry !== null) return this.run(work);
      return retried(() => inTransaction(this.knex, (db) => this.audited(db, scope, work)));
    }
    const keyed = stageOf(scope);
    if (keyed instanceof HeldKeyTransaction) return keyed.trx.savepoint((db) => this.withOutbox(db, work));
    if (keyed) {
      return this.hold(
        keyed,
        () => beginKeyed(this.knex, keyed),
        (db) => this.withOutbox(db, work),
      );
    }
    return this.committed(retried(() => inTransaction(this.knex, (db) => this.withOutbox(db, work))));
  }

  runStatement<T>(work: (repos: Repositories) => Promise<T>, scope?: WriteScope): Promise<T> {
    if (isAudited(scope)) return this.run(work, scope);
    const keyed = stageOf(scope);
    if (keyed instanceof HeldKeyTransaction) return this.statement(keyed.trx.db, work);
    // The key's row goes into the statement itself; the transaction around it is the one held
    // until the answer.
    if (keyed) {
      return this.hold(
        keyed,
        () => ConnectionTransaction.begin(this.knex),
        (db) => this.statement(db, work, new StatementKey(keyed)),
      );
    }
    return this.committed(retried(() => this.statement(this.knex, work)));
  }

  read<T>(work: (repos: Repositories) => Promise<T>, scope?: WriteScope): Promise<T> {
    const keyed = isAudited(scope) ? undefined : stageOf(scope);
    if (keyed instanceof HeldKeyTransaction) return work(repositoriesFor(keyed.trx.db, this.cipher));
    if (this.replicas) return this.replicas.read((db) => work(repositoriesFor(db, this.cipher)));
    return work(repositoriesFor(this.knex, this.cipher));
  }

  /** A write's result once its commit's position is recorded for its integration's reads (with replicas). */
  private committed<T>(write: Promise<T>): Promise<T> {
    const replicas = this.replicas;
    if (!replicas) return write;
    return write.then(async (result) => {
      await replicas.committed();
      return result;
    });
  }

  /** Runs `work` in a transaction `begin` opens and leaves it open, held by the scope until its answer. */
  private async hold<T>(
    scope: KeyedWrite,
    begin: () => Promise<ConnectionTransaction>,
    work: (db: Db) => Promise<T>,
  ): Promise<T> {
    const { trx, result } = await retried(async () => {
      const trx = await begin();
      try {
        return { trx, result: await work(trx.db) };
      } catch (err) {
        await trx.rollback();
        throw err;
      }
    });
    scope.held = new HeldKeyTransaction(trx, scope, () => this.replicas?.committed());
    return result;
  }

  /**
   * The change and its audit entry in one transaction: the target's fields are read before and
   * after the work (a create's id is the result's), and the entry, appended last, names what
   * changed.
   */
  private async audited<T>(trx: Db, change: AuditedChange, work: (repos: Repositories) => Promise<T>): Promise<T> {
    const { type } = change.target;
    const before = change.target.id === null ? null : await snapshotOf(trx, type, change.target.id);
    const result = await this.withOutbox(trx, work);
    const id = change.target.id ?? idOf(result);
    // A create's work returns what it made: an entry that cannot name its record is a bug, refused.
    if (id === null) throw new Error(`audited ${change.action}: the work returned no ${type} to name`);
    const after = await snapshotOf(trx, type, id);
    change.entry = await new KnexAuditLog(trx).append({
      at: new Date(),
      actor: { type: change.actor.type, staffId: change.actor.staffId, email: change.actor.email },
      action: change.action,
      tenantId: change.tenantId ?? tenantOfSnapshot(type, after ?? before),
      targetType: type,
      targetId: id,
      ip: change.ip,
      requestId: change.requestId,
      changes: changesBetween(before, after),
    });
    return result;
  }

  private async withOutbox<T>(trx: Db, work: (repos: Repositories) => Promise<T>): Promise<T> {
    const seen: SeenAggregates = new Set();
    const result = await work(repositoriesFor(trx, this.cipher, seen));
    await new KnexOutbox(trx).add([...seen].flatMap((aggregate) => aggregate.pullEvents()));
    return result;
  }

  private async statement<T>(db: Db, work: (repos: Repositories) => Promise<T>, key?: StatementKey): Promise<T> {
    const seen: SeenAggregates = new Set();
    const result = await work(repositoriesFor(db, this.cipher, seen, key));
    if (key && !key.used) throw new Error("runStatement: the work wrote without the request's Idempotency-Key");
    if ([...seen].some((aggregate) => aggregate.pullEvents().length > 0)) {
      throw new Error('runStatement: events need a transaction (use run)');
    }
    return result;
  }
}
