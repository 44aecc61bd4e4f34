import { ValidationError } from '../shared/errors.js';

/**
 * The events this service emits: those of spec 6.2, plus payments received, refunds processed
 * and shipment progress.
 */
export const SUPPORTED_EVENTS = [
  'billing.invoice.created',
  'billing.invoice.voided',
  'billing.payment.received',
  'billing.refund.processed',
  'inventory.adjustment.approved',
  'logistics.shipment.pickup',
  'logistics.shipment.transit',
  'logistics.shipment.delivered',
  'logistics.shipment.failed',
] as const;
export type WebhookEventName = (typeof SUPPORTED_EVENTS)[number];

const EVENT_NAME = `(?:${SUPPORTED_EVENTS.map((e) => e.replace(/\./g, '\\.')).join('|')})`;

/**
 * What `parseWebhookEvents` accepts, as a JSON Schema pattern: supported names separated by
 * commas, blanks around them and empty entries ignored.
 */
export const WEBHOOK_EVENTS_PATTERN = `^\\s*(?:${EVENT_NAME}\\s*)?(?:,\\s*(?:${EVENT_NAME}\\s*)?)*$`;
export const WEBHOOK_EVENTS_RULE = `webhookEvents must be event names separated by commas, each one of: ${SUPPORTED_EVENTS.join(', ')}`;

/**
 * `webhookEvents`: comma-separated event names; null or omitted means every supported event
 * (spec 6.1). Unknown names are refused so a typo cannot silently subscribe to nothing.
 */
export function parseWebhookEvents(input: string | null | undefined): WebhookEventName[] | null {
  if (input === undefined || input === null) return null;
  const names = [
    ...new Set(
      input
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) return null;
  for (const name of names) {
    if (!(SUPPORTED_EVENTS as readonly string[]).includes(name)) {
      throw new ValidationError(
        `webhookEvents: "${name}" is not a supported event (${SUPPORTED_EVENTS.join(', ')})`,
        'webhookEvents',
      );
    }
  }
  return names as WebhookEventName[];
}

/** Does a subscription (null: all) include this event? */
export function subscribes(filter: readonly string[] | null, event: string): boolean {
  return filter === null || filter.includes(event);
}
