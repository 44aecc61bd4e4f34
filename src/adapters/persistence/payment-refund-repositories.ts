import type {
  PaymentListQuery,
  PaymentRepository,
  RefundListQuery,
  RefundRepository,
} from '../../application/ports/billing-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import { DuplicateDocumentNumber } from '../../domain/billing/errors.js';
import type { Payment } from '../../domain/billing/payment.js';
import type { Refund } from '../../domain/billing/refund.js';
import { translateViolations } from './db-errors.js';
import { insertNumbered } from './document-numbers.js';
import { paginate, newestFirst } from './paginate.js';
import {
  toPayment,
  toPaymentRow,
  toRefund,
  toRefundRow,
  type PaymentRow,
  type RefundRow,
} from './payment-refund.mapper.js';
import type { Db, SeenAggregates } from './db.js';

/** Payments: inserted once, numbered by the insert (the invoice's row lock is held by the use case), never updated. */
export class KnexPaymentRepository implements PaymentRepository {
  constructor(
    private readonly db: Db,
    private readonly seen: SeenAggregates,
  ) {}

  async add(payment: Payment): Promise<void> {
    this.seen.add(payment);
    const number = await translateViolations(
      () => insertNumbered(this.db, 'payments', toPaymentRow(payment), 'PAY', payment.pullEvents()),
      { payments_tenant_number_unique: () => new DuplicateDocumentNumber() },
    );
    payment.numbered(number);
  }

  async findById(tenantId: string, id: string): Promise<Payment | null> {
    const row = await this.db<PaymentRow>('payments').where({ tenant_id: tenantId, id }).first();
    return row ? toPayment(row) : null;
  }

  list(tenantId: string, query: PaymentListQuery): Promise<Page<Payment>> {
    const base = this.db('payments').where({ tenant_id: tenantId });
    if (query.invoiceId) base.andWhere({ invoice_id: query.invoiceId });
    if (query.method) base.andWhere({ method: query.method });
    return paginate(base, query, newestFirst('received_at'), toPayment);
  }

  listByInvoice(tenantId: string, invoiceId: string, query: PageRequest): Promise<Page<Payment>> {
    return paginate(
      this.db('payments').where({ tenant_id: tenantId, invoice_id: invoiceId }),
      query,
      (q) => q.select('*').orderBy([{ column: 'received_at', order: 'desc' }, { column: 'id' }]),
      toPayment,
    );
  }
}

/** Refunds: inserted once, numbered by the insert (the invoice's row lock is held by the use case), never updated. */
export class KnexRefundRepository implements RefundRepository {
  constructor(
    private readonly db: Db,
    private readonly seen: SeenAggregates,
  ) {}

  async add(refund: Refund): Promise<void> {
    this.seen.add(refund);
    const number = await translateViolations(
      () => insertNumbered(this.db, 'refunds', toRefundRow(refund), 'RF', refund.pullEvents()),
      { refunds_tenant_number_unique: () => new DuplicateDocumentNumber() },
    );
    refund.numbered(number);
  }

  async findById(tenantId: string, id: string): Promise<Refund | null> {
    const row = await this.db<RefundRow>('refunds').where({ tenant_id: tenantId, id }).first();
    return row ? toRefund(row) : null;
  }

  list(tenantId: string, query: RefundListQuery): Promise<Page<Refund>> {
    const base = this.db('refunds').where({ tenant_id: tenantId });
    if (query.invoiceId) base.andWhere({ invoice_id: query.invoiceId });
    return paginate(base, query, newestFirst(), toRefund);
  }

  listByInvoice(tenantId: string, invoiceId: string, query: PageRequest): Promise<Page<Refund>> {
    return paginate(
      this.db('refunds').where({ tenant_id: tenantId, invoice_id: invoiceId }),
      query,
      (q) => q.select('*').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]),
      toRefund,
    );
  }
}
