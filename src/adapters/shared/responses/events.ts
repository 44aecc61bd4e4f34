import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { SUPPORTED_EVENTS, type WebhookEventName } from '../../../domain/access/webhook-events.js';
import { PING_EVENT } from '../../../domain/webhooks/payload.js';
import { Id } from './common.js';

/**
 * The webhook payloads (spec 2.10): the six fields every event carries, in
 * the spec's order, then what an event adds. The OpenAPI document's `webhooks` section and the
 * SDK's `verifyWebhook` types come from these.
 */
const base = (resource: string, action: string) => ({
  id: Id,
  code: Type.String({ description: 'The document number (INV-…, ADJ-…, PAY-…, RF-…, the shipment number)' }),
  branchId: Id,
  resource: Type.Literal(resource),
  action: Type.Literal(action),
  timestamp: Type.String({ format: 'date-time', description: 'When the change happened (UTC, milliseconds)' }),
});

const payload = (resource: string, action: string, extra: Record<string, TSchema> = {}) =>
  Type.Object({ ...base(resource, action), ...extra }, { additionalProperties: false });

const Amount = Type.Number({ description: 'Exact to 2 decimals' });
const NullableText = Type.Union([Type.String(), Type.Null()]);

/** Each event's payload schema; typed by the event list so a new event cannot go undocumented. */
export const EVENT_PAYLOADS: Record<WebhookEventName | typeof PING_EVENT, TObject> = {
  'billing.invoice.created': payload('INVOICE', 'CREATE'),
  'billing.invoice.voided': payload('INVOICE', 'VOID'),
  'billing.payment.received': payload('PAYMENT', 'RECEIVE', {
    invoiceId: Id,
    paymentMethod: Type.String(),
    reference: NullableText,
    amount: Amount,
  }),
  'billing.refund.processed': payload('REFUND', 'PROCESS', { invoiceId: Id, amount: Amount }),
  'inventory.adjustment.approved': payload('STOCK_ADJUSTMENT', 'APPROVE'),
  'logistics.shipment.pickup': payload('SHIPMENT', 'PICKUP'),
  'logistics.shipment.transit': payload('SHIPMENT', 'TRANSIT'),
  'logistics.shipment.delivered': payload('SHIPMENT', 'DELIVER'),
  'logistics.shipment.failed': payload('SHIPMENT', 'FAIL'),
  [PING_EVENT]: payload('WEBHOOK', 'PING'),
};

export const EVENT_NAMES = [...SUPPORTED_EVENTS, PING_EVENT] as const;

/** The body of a delivery: `{ "event": <name>, "payload": <payload> }`. */
export function deliveryBody(event: keyof typeof EVENT_PAYLOADS) {
  return Type.Object({ event: Type.Literal(event), payload: EVENT_PAYLOADS[event] }, { additionalProperties: false });
}
