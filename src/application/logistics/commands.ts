import { Type, type Static } from '@sinclair/typebox';
import { SHIPMENT_STATUSES } from '../../domain/logistics/shipment.machine.js';
import {
  CARRIER_STATUSES,
  MAX_COD_AMOUNT,
  type CarrierStatus,
  MAX_WEIGHT_KG,
  NOTE_MAX_LENGTH,
} from '../../domain/logistics/shipment.js';
import { PHONE_PATTERN, phoneRule } from '../../domain/shared/phone.js';
import { textRule } from '../../domain/shared/text.js';
import { Name, OneOf, PageQueryFields, Text, Uuid } from '../shared/schemas.js';

/**
 * The inputs of the logistics context, each declared once: the HTTP adapter
 * compiles them with ajv, the use cases take their `Static` types.
 */

/** ISO 3166-1 alpha-2; the format is the list of assigned codes (src/adapters/shared/validation.ts). */
const Country = Type.String({
  format: 'iso3166-alpha2',
  'x-message': 'recipient.address.country must be an ISO 3166-1 alpha-2 country code, such as DE',
});
const Line = (max: number) => Type.String({ minLength: 1, maxLength: max });
/** A cancellation reason: 1 to NOTE_MAX_LENGTH characters, not only blanks. */
const Reason = Text(NOTE_MAX_LENGTH, textRule('reason', NOTE_MAX_LENGTH));

export const Address = Type.Object(
  {
    line1: Line(200),
    line2: Type.Optional(Line(200)),
    city: Line(100),
    postalCode: Type.Optional(Line(20)),
    country: Country,
  },
  { additionalProperties: false },
);

export const Recipient = Type.Object(
  {
    name: Name,
    phone: Type.String({ pattern: PHONE_PATTERN, 'x-message': phoneRule('recipient.phone') }),
    address: Address,
  },
  { additionalProperties: false },
);

/** POST /logistics/shipments */
export const BookShipmentBody = Type.Object(
  {
    invoiceId: Type.Optional(Uuid),
    reference: Type.Optional(Line(100)),
    weightKg: Type.Number({ exclusiveMinimum: 0, maximum: MAX_WEIGHT_KG, maxDecimals: 3 }),
    codAmount: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_COD_AMOUNT, maxDecimals: 2 })),
    recipient: Recipient,
  },
  { additionalProperties: false },
);
export type BookShipmentCommand = Static<typeof BookShipmentBody>;

/** POST /logistics/shipments/cancel */
export const CancelShipmentBody = Type.Object({ shipmentId: Uuid, reason: Reason }, { additionalProperties: false });
export type CancelShipmentCommand = Static<typeof CancelShipmentBody>;

/** POST /api/v1/admin/shipments/:id/events (the built-in carrier, driven by the back office). */
export const CarrierEventBody = Type.Object(
  {
    status: Type.Unsafe<CarrierStatus>({ type: 'string', enum: [...CARRIER_STATUSES] }),
    location: Type.Optional(Line(200)),
    note: Type.Optional(Line(NOTE_MAX_LENGTH)),
    at: Type.Optional(Type.String({ format: 'date-time' })),
    carrierEventId: Type.Optional(Line(100)),
  },
  { additionalProperties: false },
);
export type CarrierEventCommand = Static<typeof CarrierEventBody>;

/** Back office `GET /tenants/:tenantId/shipments`. */
export const ListShipmentsQuery = Type.Object({
  status: Type.Optional(OneOf(SHIPMENT_STATUSES)),
  invoiceId: Type.Optional(Uuid),
  ...PageQueryFields,
});
export type ListShipmentsQuery = Static<typeof ListShipmentsQuery>;
