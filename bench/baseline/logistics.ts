/**
 * The baseline's logistics write: a shipment's booking with the built-in carrier. The route's
 * comment lists its statements; "claim" is the nonce claim and "key" / "answer" the
 * Idempotency-Key's row and stored answer (bench/baseline/gateway.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { env, nextNumber, ok, writeRoute } from './gateway.js';

interface BookShipmentBody {
  invoiceId?: string;
  reference?: string;
  weightKg: number;
  codAmount?: number;
  recipient: {
    name: string;
    phone: string;
    address: { line1: string; line2?: string; city: string; postalCode?: string; country: string };
  };
}

export function logisticsRoutes(app: Express): void {
  app.post('/api/v1/external/logistics/shipments', bookShipment);
}

/**
 * POST /logistics/shipments — claim; BEGIN; key; SHP number; the shipment (its invoice, when
 * named, checked by the foreign key); its first tracking line (BOOKED); answer; COMMIT. The
 * built-in carrier books in memory: the tracking number is derived from the shipment's id.
 */
const bookShipment = writeRoute(async (req, begin) => {
  const body = req.body as BookShipmentBody;
  const { recipient } = body;
  const id = randomUUID();
  const trackingNumber = `BI${createHash('sha256').update(id).digest('hex').slice(0, 16).toUpperCase()}`;
  const client = await begin();
  const number = await nextNumber(client, 'SHP');
  const now = new Date();
  await client.query(
    `INSERT INTO shipments (tenant_id, id, number, fiscal_year_id, branch_id, invoice_id, reference, weight_kg, cod_amount,
       recipient_name, recipient_phone, address_line1, address_line2, city, postal_code, country, carrier, tracking_number,
       status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'BUILTIN', $17, 'BOOKED', $18, $18)`,
    [
      env.tenantId,
      id,
      number,
      env.fiscalYearId,
      env.branchId,
      body.invoiceId ?? null,
      body.reference ?? null,
      body.weightKg,
      body.codAmount ?? 0,
      recipient.name,
      recipient.phone,
      recipient.address.line1,
      recipient.address.line2 ?? null,
      recipient.address.city,
      recipient.address.postalCode ?? null,
      recipient.address.country,
      trackingNumber,
      now,
    ],
  );
  await client.query(
    `INSERT INTO shipment_tracking (tenant_id, shipment_id, seq, status, at) VALUES ($1, $2, 1, 'BOOKED', $3)`,
    [env.tenantId, id, now],
  );
  return ok(201, {
    id,
    shipmentNumber: number,
    trackingNumber,
    status: 'BOOKED',
    carrier: 'BUILTIN',
    invoiceId: body.invoiceId ?? null,
    reference: body.reference ?? null,
    weightKg: body.weightKg,
    codAmount: body.codAmount ?? 0,
    recipient,
    createdAt: now,
  });
});
