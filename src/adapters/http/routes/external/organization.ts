import type { OrganizationUseCases } from '../../../../application/organization/index.js';
import { ListWarehousesQuery } from '../../../../application/organization/commands.js';
import { WarehouseSummaryData } from '../../../shared/responses/organization.js';
import { presentWarehouseSummary } from '../../presenters.js';
import { externalRoute, presentPage } from '../route.js';

const route = externalRoute<OrganizationUseCases>();

/** The lookups of the caller's tenant's own set-up records (any role): the ids its other calls take. */
export const ORGANIZATION_ROUTES = [
  route({
    method: 'get',
    path: '/warehouses',
    operationId: 'listWarehouses',
    access: ['any'],
    summary: "The tenant's warehouses",
    description: 'By name then id; any role. The ids that stock adjustments, transfers and reservations take.',
    tag: 'Organization',
    query: ListWarehousesQuery,
    success: { status: 200, data: WarehouseSummaryData, paginated: true },
    handle: async (uc, { caller, query }) =>
      presentPage(await uc.listWarehouses.execute(caller, query), presentWarehouseSummary),
  }),
];
