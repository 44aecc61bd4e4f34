import type { LogisticsBackOffice } from '../../../../application/back-office.js';
import { adminRoute } from '../route.js';
import { presentCarrierEvent } from '../../logistics-presenters.js';
import { CarrierEventBody } from '../../../../application/logistics/commands.js';
import { CarrierEventResponse } from '../../../shared/responses/logistics.js';

const route = adminRoute<LogisticsBackOffice>();

/** The built-in carrier's progress reports, across tenants. */
export const LOGISTICS_ADMIN_ROUTES = [
  route({
    method: 'post',
    path: '/shipments/:id/events',
    operationId: 'adminRecordCarrierEvent',
    access: {
      role: 'APPROVER',
      tenant: { of: 'shipment' },
      audit: { action: 'shipment.record-event', target: 'shipment' },
    },
    summary: 'Record a report of the built-in carrier',
    description:
      'A step the lifecycle refuses is a 409 `INVALID_STATE`. A report whose `carrierEventId` the shipment ' +
      'already has is ignored (`recorded: false`). `at` defaults to now.',
    tag: 'Back office: Logistics',
    body: CarrierEventBody,
    success: { status: 200, data: CarrierEventResponse },
    errors: [404, 409],
    example: { status: 'PICKED_UP', location: 'Berlin hub', carrierEventId: 'evt-0001' },
    handle: async (uc, { params, body, audit }) => {
      const { shipment, recorded } = await uc.recordCarrierEvent.execute(params.id, body, audit);
      return presentCarrierEvent(shipment, recorded);
    },
  }),
];
