import { Shipment, type TrackingEntry } from '../../domain/logistics/shipment.js';
import type { ShipmentStatus } from '../../domain/logistics/shipment.machine.js';
import { Money } from '../../domain/shared/money.js';
import { Quantity } from '../../domain/shared/quantity.js';

export interface ShipmentRow {
  tenant_id: string;
  id: string;
  number: string;
  fiscal_year_id: string;
  branch_id: string;
  invoice_id: string | null;
  reference: string | null;
  weight_kg: string;
  cod_amount: string;
  recipient_name: string;
  recipient_phone: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postal_code: string | null;
  country: string;
  carrier: string;
  tracking_number: string;
  status: string;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TrackingRow {
  tenant_id: string;
  shipment_id: string;
  seq: number;
  status: string;
  at: Date;
  location: string | null;
  note: string | null;
  carrier_event_id: string | null;
}

export function toShipment(row: ShipmentRow, tracking: TrackingRow[]): Shipment {
  return Shipment.restore({
    id: row.id,
    tenantId: row.tenant_id,
    number: row.number,
    branchId: row.branch_id,
    fiscalYearId: row.fiscal_year_id,
    invoiceId: row.invoice_id,
    reference: row.reference,
    weightKg: Quantity.of(row.weight_kg),
    codAmount: Money.of(row.cod_amount),
    recipient: {
      name: row.recipient_name,
      phone: row.recipient_phone,
      address: {
        line1: row.address_line1,
        line2: row.address_line2,
        city: row.city,
        postalCode: row.postal_code,
        country: row.country,
      },
    },
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    status: row.status as ShipmentStatus,
    history: [...tracking].sort((a, b) => a.seq - b.seq).map(toTrackingEntry),
    cancelReason: row.cancel_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

function toTrackingEntry(row: TrackingRow): TrackingEntry {
  return {
    status: row.status as ShipmentStatus,
    at: row.at,
    location: row.location,
    note: row.note,
    carrierEventId: row.carrier_event_id,
  };
}

export function toShipmentRow(shipment: Shipment): ShipmentRow {
  const s = shipment.state();
  const { address } = s.recipient;
  return {
    tenant_id: s.tenantId,
    id: s.id,
    number: s.number,
    fiscal_year_id: s.fiscalYearId,
    branch_id: s.branchId,
    invoice_id: s.invoiceId,
    reference: s.reference,
    weight_kg: s.weightKg.toString(),
    cod_amount: s.codAmount.toString(),
    recipient_name: s.recipient.name,
    recipient_phone: s.recipient.phone,
    address_line1: address.line1,
    address_line2: address.line2,
    city: address.city,
    postal_code: address.postalCode,
    country: address.country,
    carrier: s.carrier,
    tracking_number: s.trackingNumber,
    status: s.status,
    cancel_reason: s.cancelReason,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

/** The history lines from position `from` (0-based) on, as rows numbered from 1. */
export function toTrackingRows(shipment: Shipment, from = 0): TrackingRow[] {
  const s = shipment.state();
  return s.history.slice(from).map((h, i) => ({
    tenant_id: s.tenantId,
    shipment_id: s.id,
    seq: from + i + 1,
    status: h.status,
    at: h.at,
    location: h.location,
    note: h.note,
    carrier_event_id: h.carrierEventId,
  }));
}
