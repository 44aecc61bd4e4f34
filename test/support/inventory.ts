import { randomUUID } from 'node:crypto';
import type { Caller } from '../../src/application/access/caller.js';
import { startExternalHarness, type ExternalHarness } from './external-harness.js';
import type { TenantSetup } from './mothers.js';
import { call, type TestService } from './service.js';

/** The caller an integration of this tenant setup would be (a fresh integration id). */
export function callerFor(setup: TenantSetup): Caller {
  return {
    integrationId: randomUUID(),
    tenantId: setup.tenantId,
    branchId: setup.branchId,
    fiscalYearId: setup.fiscalYearId,
  };
}

/** The running test service's external API, called through the real authentication gate. */
export function startInventoryHarness(svc: TestService): Promise<ExternalHarness> {
  return startExternalHarness(svc);
}

/**
 * Puts stock into a warehouse the only way stock changes: a STOCK_IN adjustment request
 * through the external route, approved through the admin API. Returns the request.
 */
export async function seedStock(
  svc: TestService,
  h: ExternalHarness,
  caller: Caller,
  warehouseId: string,
  items: { productId: string; quantity: number }[],
): Promise<{ id: string; number: string }> {
  const created = await h.call(caller, 'POST', '/products/adjust', {
    warehouseId,
    reason: 'Seed stock',
    items: items.map((i) => ({ ...i, type: 'STOCK_IN' })),
  });
  if (created.status !== 201) throw new Error(`seed request: ${created.status} ${JSON.stringify(created.body)}`);
  const approved = await call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${created.body.data.id}/approve`);
  if (approved.status !== 200) throw new Error(`seed approval: ${approved.status} ${JSON.stringify(approved.body)}`);
  return created.body.data;
}
