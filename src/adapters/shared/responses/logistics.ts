import { Type } from '@sinclair/typebox';
import { SHIPMENT_STATUSES } from '../../../domain/logistics/shipment.machine.js';
import { Id, NullableString, Timestamp } from './common.js';

/**
 * The `data` of every logistics answer, declared once: the presenters of
 * src/adapters/http/logistics-presenters.ts are typed by these schemas, the OpenAPI document
 * publishes them and the SDK's `LogisticsApi` takes its return types from them.
 */

const ShipmentStatus = Type.Unsafe<(typeof SHIPMENT_STATUSES)[number]>({
  type: 'string',
  enum: [...SHIPMENT_STATUSES],
});
const ShipmentNumber = Type.String({ examples: ['SHP-2025-000001'] });
const TrackingNumber = Type.String({ examples: ['BI0123456789abcdef'] });

const Address = Type.Object(
  {
    line1: Type.String(),
    line2: NullableString,
    city: Type.String(),
    postalCode: NullableString,
    country: Type.String({ description: 'ISO 3166-1 alpha-2.', examples: ['DE'] }),
  },
  { additionalProperties: false },
);

/** `POST /logistics/shipments` and `POST /logistics/shipments/cancel`. */
export const ShipmentResponse = Type.Object(
  {
    id: Id,
    shipmentNumber: ShipmentNumber,
    trackingNumber: TrackingNumber,
    status: ShipmentStatus,
    carrier: Type.String({ examples: ['BUILTIN'] }),
    invoiceId: Type.Union([Id, Type.Null()]),
    reference: NullableString,
    weightKg: Type.Number({ description: 'An exact decimal (at most 3 decimals).' }),
    codAmount: Type.Number({ description: 'Cash on delivery, an exact decimal (at most 2 decimals).' }),
    recipient: Type.Object(
      { name: Type.String(), phone: Type.String(), address: Address },
      { additionalProperties: false },
    ),
    branchId: Id,
    cancelReason: NullableString,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false, description: 'A shipment booked with a carrier.' },
);

const TrackingProperties = {
  id: Id,
  shipmentNumber: ShipmentNumber,
  trackingNumber: TrackingNumber,
  status: ShipmentStatus,
  history: Type.Array(
    Type.Object(
      { status: ShipmentStatus, at: Timestamp, location: NullableString, note: NullableString },
      { additionalProperties: false },
    ),
    { description: 'Oldest first, starting with BOOKED.' },
  ),
};

/** `GET /logistics/shipments/:id/track`. */
export const TrackingResponse = Type.Object(TrackingProperties, {
  additionalProperties: false,
  description: 'A shipment and its tracking history.',
});

/** Back office `POST /shipments/:id/events`: the tracking view and whether the report was new. */
export const CarrierEventResponse = Type.Object(
  {
    ...TrackingProperties,
    recorded: Type.Boolean({
      description: 'false when the report repeated a recorded carrierEventId and was ignored.',
    }),
  },
  { additionalProperties: false },
);
