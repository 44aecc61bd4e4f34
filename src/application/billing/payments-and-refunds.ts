import { PaymentNotFound, RefundNotFound } from '../../domain/billing/errors.js';
import type { Payment } from '../../domain/billing/payment.js';
import type { Refund } from '../../domain/billing/refund.js';
import type { Page } from '../ports/pagination.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { missingIn, pageOfKnownTenant } from '../shared/known-tenant.js';
import type { ListPaymentsQuery, ListRefundsQuery } from './commands.js';

/*
 * The back office's reads of a tenant's payments and refunds across its invoices: lists newest
 * first and each by id. Errors: TenantNotFound for a tenant that does not exist;
 * PaymentNotFound or RefundNotFound for an id the tenant does not have.
 */

export class ListPayments {
  constructor(private readonly uow: UnitOfWork<'payments' | 'tenants'>) {}

  execute(tenantId: string, query: ListPaymentsQuery): Promise<Page<Payment>> {
    return this.uow.read(async (r) => pageOfKnownTenant(r, tenantId, await r.payments.list(tenantId, query)));
  }
}

export class GetPayment {
  constructor(private readonly uow: UnitOfWork<'payments' | 'tenants'>) {}

  execute(tenantId: string, id: string): Promise<Payment> {
    return this.uow.read(
      async (r) => (await r.payments.findById(tenantId, id)) ?? missingIn(r, tenantId, new PaymentNotFound()),
    );
  }
}

export class ListRefunds {
  constructor(private readonly uow: UnitOfWork<'refunds' | 'tenants'>) {}

  execute(tenantId: string, query: ListRefundsQuery): Promise<Page<Refund>> {
    return this.uow.read(async (r) => pageOfKnownTenant(r, tenantId, await r.refunds.list(tenantId, query)));
  }
}

export class GetRefund {
  constructor(private readonly uow: UnitOfWork<'refunds' | 'tenants'>) {}

  execute(tenantId: string, id: string): Promise<Refund> {
    return this.uow.read(
      async (r) => (await r.refunds.findById(tenantId, id)) ?? missingIn(r, tenantId, new RefundNotFound()),
    );
  }
}
