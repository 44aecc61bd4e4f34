import { setup, type EventFromLogic } from 'xstate';
import { nextStatus } from '../shared/lifecycle.js';

export const SHIPMENT_STATUSES = ['BOOKED', 'PICKED_UP', 'IN_TRANSIT', 'DELIVERED', 'FAILED', 'CANCELLED'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/**
 * The shipment lifecycle:
 * BOOKED --PICK_UP--> PICKED_UP --TRANSIT--> IN_TRANSIT (--TRANSIT--> IN_TRANSIT, repeatable);
 * PICKED_UP | IN_TRANSIT --DELIVER--> DELIVERED, --FAIL--> FAILED;
 * BOOKED --CANCEL--> CANCELLED. DELIVERED, FAILED and CANCELLED are terminal.
 */
export const shipmentMachine = setup({
  types: {} as {
    events: { type: 'PICK_UP' } | { type: 'TRANSIT' } | { type: 'DELIVER' } | { type: 'FAIL' } | { type: 'CANCEL' };
  },
}).createMachine({
  id: 'shipment',
  initial: 'BOOKED',
  states: {
    BOOKED: { on: { PICK_UP: 'PICKED_UP', CANCEL: 'CANCELLED' } },
    PICKED_UP: { on: { TRANSIT: 'IN_TRANSIT', DELIVER: 'DELIVERED', FAIL: 'FAILED' } },
    IN_TRANSIT: { on: { TRANSIT: 'IN_TRANSIT', DELIVER: 'DELIVERED', FAIL: 'FAILED' } },
    DELIVERED: { type: 'final' },
    FAILED: { type: 'final' },
    CANCELLED: { type: 'final' },
  },
});

export type ShipmentEvent = EventFromLogic<typeof shipmentMachine>;
export type ShipmentEventType = ShipmentEvent['type'];
export const SHIPMENT_EVENT_TYPES: readonly ShipmentEventType[] = ['PICK_UP', 'TRANSIT', 'DELIVER', 'FAIL', 'CANCEL'];

/** The status after `event`, or null when `status` refuses it. */
export function nextShipmentStatus(status: ShipmentStatus, event: ShipmentEvent): ShipmentStatus | null {
  return nextStatus(shipmentMachine, status, event);
}
