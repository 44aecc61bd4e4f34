import type { LogisticsViews } from '../../../../../application/back-office.js';
import { ListShipmentsQuery } from '../../../../../application/logistics/commands.js';
import { ShipmentResponse, TrackingResponse } from '../../../../shared/responses/logistics.js';
import { presentShipment, presentTracking } from '../../../logistics-presenters.js';
import { adminRoute, presentPage } from '../../route.js';
import { TENANT_READ, UNKNOWN_TENANT, unknownRecord } from './shared.js';

const TAG = 'Back office: Logistics';

const route = adminRoute<LogisticsViews>();

/** A tenant's shipments, and one with its tracking as the external API tracks it. */
export const TENANT_LOGISTICS_VIEWS = [
  route({
    method: 'get',
    path: '/tenants/:tenantId/shipments',
    operationId: 'adminListShipments',
    access: TENANT_READ,
    summary: 'List the shipments of a tenant',
    description: `Newest first; \`status\` and \`invoiceId\` narrow the list. ${UNKNOWN_TENANT}`,
    tag: TAG,
    query: ListShipmentsQuery,
    success: { status: 200, data: ShipmentResponse, paginated: true },
    errors: [404],
    handle: async (uc, { params, query }) =>
      presentPage(await uc.listShipments.execute(params.tenantId, query), presentShipment),
  }),
  route({
    method: 'get',
    path: '/tenants/:tenantId/shipments/:id',
    operationId: 'adminGetShipment',
    access: TENANT_READ,
    summary: 'A shipment of a tenant and its tracking history',
    description: `As the external \`GET /logistics/shipments/:id/track\`. ${unknownRecord('Shipment not found')}`,
    tag: TAG,
    success: { status: 200, data: TrackingResponse },
    errors: [404],
    handle: async (uc, { params }) =>
      presentTracking(await uc.trackShipment.execute({ tenantId: params.tenantId }, params.id)),
  }),
];
