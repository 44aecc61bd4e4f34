/** The fields of the webhook payload object, in the order of spec 2.10. */
export const PAYLOAD_FIELDS = ['id', 'code', 'branchId', 'resource', 'action', 'timestamp'] as const;

/**
 * The compact JSON text of a payload object (spec 2.10), with its fields in the order of the
 * spec and any further fields after them. This text is stored with the delivery, signed and
 * sent byte for byte, so every retry carries exactly the same payload and signature input.
 */
export function serializePayload(payload: Readonly<Record<string, unknown>>): string {
  const ordered: Record<string, unknown> = {};
  for (const field of PAYLOAD_FIELDS) if (field in payload) ordered[field] = payload[field];
  for (const [key, value] of Object.entries(payload)) if (!(key in ordered)) ordered[key] = value;
  return JSON.stringify(ordered);
}

/** The event a back-office ping sends. */
export const PING_EVENT = 'webhook.ping';
