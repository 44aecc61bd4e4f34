import type { Knex } from 'knex';
import type { ReservationListQuery, ReservationRepository } from '../../application/ports/inventory-repositories.js';
import type { Page } from '../../application/ports/pagination.js';
import { Reservation, type ReservationStatus } from '../../domain/inventory/reservation.js';
import { EXPIRY_MOVE, reservationStatusesAccepting } from '../../domain/inventory/reservation.machine.js';
import { Quantity } from '../../domain/shared/quantity.js';
import type { Db } from './db.js';
import { insertNumbered } from './document-numbers.js';
import { paginate } from './paginate.js';
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

const NEWEST = { column: 'reservations.created_at', order: 'desc' } as const;
const NEWEST_ID = { column: 'reservations.id', order: 'desc' } as const;

function toReservation(row: ReservationRow, items: ReservationItemRow[]): Reservation {
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

/**
 * Keeps the reservations whose status at `now` is `status` (`Reservation.statusAt`): one the
 * machine lets expire reads so only until its expiry, after which it reads as expired, swept or not.
 */
function statusAsOf(q: Knex.QueryBuilder, status: ReservationStatus, now: Date): void {
  if (EXPIRY_MOVE.from.includes(status)) {
    q.andWhere({ status }).andWhereRaw(`NOT (${pastExpiry('reservations')})`, [now]);
  } else if (status === EXPIRY_MOVE.to) {
    q.andWhere((w) => w.where({ status }).orWhereRaw(expiredUnswept('reservations'), [now]));
  } else {
    q.andWhere({ status });
  }
}

/**
 * Reservations and their items. Every transition is a conditional UPDATE whose from-states are
 * the machine's; expiry frees the holds in `stock_levels` in the same statement.
 */
export class KnexReservationRepository implements ReservationRepository {
  constructor(private readonly db: Db) {}

  /** The reservation and its items in one statement, numbered (RSV-) by it. */
  async add(reservation: Reservation): Promise<void> {
    const s = reservation.state();
    const row = {
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
    } satisfies ReservationRow;
    const items = s.items.map((i): ReservationItemRow => ({
      tenant_id: s.tenantId,
      reservation_id: s.id,
      row_no: i.row,
      product_id: i.productId,
      quantity: i.quantity.toString(),
    }));
    const number = await insertNumbered(
      this.db,
      'reservations',
      row,
      'RSV',
      [],
      [{ table: 'reservation_items', rows: items }],
    );
    reservation.numbered(number);
  }

  async findById(tenantId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<Reservation | null> {
    const q = this.db<ReservationRow>('reservations').where({ tenant_id: tenantId, id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? (await this.withItems([row]))[0]! : null;
  }

  async list(tenantId: string, query: ReservationListQuery, now: Date): Promise<Page<Reservation>> {
    const base = this.db('reservations').where({ tenant_id: tenantId });
    if (query.status) statusAsOf(base, query.status, now);
    if (query.warehouseId) base.andWhere({ warehouse_id: query.warehouseId });
    if (query.productId) {
      base.whereExists((q) =>
        q
          .select(1)
          .from('reservation_items as ri')
          .whereRaw('ri.tenant_id = reservations.tenant_id AND ri.reservation_id = reservations.id')
          .andWhere('ri.product_id', query.productId!),
      );
    }
    const page = await paginate<ReservationRow, ReservationRow>(
      base,
      query,
      (q) => q.select('reservations.*').orderBy([NEWEST, NEWEST_ID]),
      (row) => row,
    );
    return { ...page, items: await this.withItems(page.items) };
  }

  /** The reservations of `rows` (one tenant's) with their items, in one query. */
  private async withItems(rows: ReservationRow[]): Promise<Reservation[]> {
    if (rows.length === 0) return [];
    const items = await this.db<ReservationItemRow>('reservation_items')
      .where({ tenant_id: rows[0]!.tenant_id })
      .whereIn(
        'reservation_id',
        rows.map((r) => r.id),
      )
      .orderBy([{ column: 'reservation_id' }, { column: 'row_no' }]);
    return rows.map((row) =>
      toReservation(
        row,
        items.filter((i) => i.reservation_id === row.id),
      ),
    );
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
