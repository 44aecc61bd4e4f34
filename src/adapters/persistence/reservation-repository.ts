import type { ReservationRepository } from '../../application/ports/inventory-repositories.js';
import { Reservation, type ReservationStatus } from '../../domain/inventory/reservation.js';
import { EXPIRY_MOVE, reservationStatusesAccepting } from '../../domain/inventory/reservation.machine.js';
import { Quantity } from '../../domain/shared/quantity.js';
import type { Db } from './db.js';
import { expirable, expiredUnswept, pastExpiry } from './reservation-sql.js';

interface ReservationRow {
  tenant_id: string;
  id: string;
  number: string;
  warehouse_id: string;
  branch_id: string;
  fiscal_year_id: string;
  integration_id: string;
  reference: string | null;
  status: ReservationStatus;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

interface ReservationItemRow {
  tenant_id: string;
  reservation_id: string;
  row_no: number;
  product_id: string;
  quantity: string;
}

/**
 * Reservations and their items. Every transition is a conditional UPDATE whose from-states are
 * the machine's; expiry frees the holds in `stock_levels` in the same statement.
 */
export class KnexReservationRepository implements ReservationRepository {
  constructor(private readonly db: Db) {}

  async add(reservation: Reservation): Promise<void> {
    const s = reservation.state();
    await this.db('reservations').insert({
      tenant_id: s.tenantId,
      id: s.id,
      number: s.number,
      warehouse_id: s.warehouseId,
      branch_id: s.branchId,
      fiscal_year_id: s.fiscalYearId,
      integration_id: s.integrationId,
      reference: s.reference,
      status: s.status,
      expires_at: s.expiresAt,
      created_at: s.createdAt,
      updated_at: s.updatedAt,
    } satisfies ReservationRow);
    await this.db('reservation_items').insert(
      s.items.map((i): ReservationItemRow => ({
        tenant_id: s.tenantId,
        reservation_id: s.id,
        row_no: i.row,
        product_id: i.productId,
        quantity: i.quantity.toString(),
      })),
    );
  }

  async findById(tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<Reservation | null> {
    const q = this.db<ReservationRow>('reservations').where({ tenant_id: tenantId, id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    if (!row) return null;
    const items = await this.db<ReservationItemRow>('reservation_items')
      .where({ tenant_id: tenantId, reservation_id: id })
      .orderBy('row_no');
    return Reservation.restore({
      id: row.id,
      tenantId: row.tenant_id,
      number: row.number,
      warehouseId: row.warehouse_id,
      branchId: row.branch_id,
      fiscalYearId: row.fiscal_year_id,
      integrationId: row.integration_id,
      reference: row.reference,
      status: row.status,
      items: items.map((i) => ({ row: i.row_no, productId: i.product_id, quantity: Quantity.of(i.quantity) })),
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
  }

  async save(reservation: Reservation, now: Date): Promise<boolean> {
    const event = reservation.transition;
    if (event === null) return false;
    const s = reservation.state();
    const q = this.db('reservations')
      .where({ tenant_id: s.tenantId, id: s.id })
      .whereIn('status', reservationStatusesAccepting(event));
    // Commit and release only while it has not expired.
    if (event !== 'EXPIRE') q.andWhereRaw(`NOT (${pastExpiry('reservations')})`, [now]);
    const updated = await q.update({ status: s.status, updated_at: s.updatedAt });
    return updated === 1;
  }

  async expireDue(now: Date, scope: { tenantId: string; warehouseId: string } | { limit: number }): Promise<number> {
    const inWarehouse = 'tenantId' in scope;
    const { rows } = await this.db.raw<{ rows: { expired: number }[] }>(
      `WITH due AS (
         SELECT tenant_id, id FROM reservations
         WHERE ${expiredUnswept('reservations')}
           ${inWarehouse ? 'AND tenant_id = ? AND warehouse_id = ?' : ''}
         ORDER BY expires_at
         ${inWarehouse ? '' : 'LIMIT ?'}
         FOR UPDATE ${inWarehouse ? '' : 'SKIP LOCKED'}
       ),
       expired AS (
         UPDATE reservations r SET status = ?, updated_at = ?
         FROM due
         WHERE r.tenant_id = due.tenant_id AND r.id = due.id AND ${expirable('r')}
         RETURNING r.tenant_id, r.id, r.warehouse_id
       ),
       freed AS (
         SELECT e.tenant_id, e.warehouse_id, ri.product_id, sum(ri.quantity) AS quantity
         FROM expired e
         JOIN reservation_items ri ON ri.tenant_id = e.tenant_id AND ri.reservation_id = e.id
         GROUP BY e.tenant_id, e.warehouse_id, ri.product_id
       ),
       released AS (
         UPDATE stock_levels s SET reserved = s.reserved - freed.quantity, updated_at = ?
         FROM freed
         WHERE s.tenant_id = freed.tenant_id AND s.warehouse_id = freed.warehouse_id AND s.product_id = freed.product_id
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM expired)::int AS expired, (SELECT count(*) FROM released)::int AS released`,
      [now, ...(inWarehouse ? [scope.tenantId, scope.warehouseId] : [scope.limit]), EXPIRY_MOVE.to, now, now],
    );
    return rows[0]?.expired ?? 0;
  }
}
