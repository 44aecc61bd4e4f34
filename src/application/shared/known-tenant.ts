import { TenantNotFound } from '../../domain/organization/errors.js';
import type { Page } from '../ports/pagination.js';
import type { Repositories } from '../ports/unit-of-work.js';

type Tenants = Pick<Repositories, 'tenants'>;

/**
 * A tenant's list read by the back office through an external use case: an empty page of a
 * tenant that does not exist is TenantNotFound (an external caller's tenant always exists).
 */
export async function pageOfKnownTenant<T>(r: Tenants, tenantId: string, page: Page<T>): Promise<Page<T>> {
  if (page.total === 0 && !(await r.tenants.findById(tenantId))) throw new TenantNotFound();
  return page;
}

/** A record not found: TenantNotFound when its tenant does not exist either, else `notFound`. */
export async function missingIn(r: Tenants, tenantId: string, notFound: Error): Promise<never> {
  if (!(await r.tenants.findById(tenantId))) throw new TenantNotFound();
  throw notFound;
}
