import { path } from '../admin-api.js';
import { str, type CliCommand } from '../command.js';

/** Shipments: the built-in carrier's progress, as the back office reports it. */
export const logisticsCommands: CliCommand[] = [
  {
    name: 'shipment:event',
    summary: 'Record a carrier event on a shipment (PICKED_UP, IN_TRANSIT, DELIVERED or FAILED)',
    flags: [
      { name: 'id', required: true, help: 'shipment id' },
      { name: 'status', required: true, help: 'PICKED_UP, IN_TRANSIT, DELIVERED or FAILED' },
      { name: 'location', help: 'where it happened' },
      { name: 'note', help: 'free text' },
      { name: 'at', help: 'when it happened (ISO 8601; default now)' },
      { name: 'carrier-event-id', help: "the carrier's id of the event (a repeat is ignored)" },
    ],
    request: (v) => ({
      method: 'POST',
      path: path`/shipments/${str(v, 'id')}/events`,
      body: {
        status: v.status,
        location: v.location,
        note: v.note,
        at: v.at,
        carrierEventId: v['carrier-event-id'],
      },
    }),
  },
];
