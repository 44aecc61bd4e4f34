import type {
  ShipmentListQuery,
  ShipmentLoadOptions,
  ShipmentRepository,
} from '../../application/ports/logistics-ports.js';
import type { Page } from '../../application/ports/pagination.js';
import { DuplicateDocumentNumber, InvoiceNotFound } from '../../domain/billing/errors.js';
import type { Shipment } from '../../domain/logistics/shipment.js';
import { ConflictError } from '../../domain/shared/errors.js';
import type { Db, SeenAggregates } from './db.js';
import { insertNumbered } from './document-numbers.js';
import { translateViolations } from './db-errors.js';
import { paginate } from './paginate.js';
import { toShipment, toShipmentRow, toTrackingRows, type ShipmentRow, type TrackingRow } from './shipment.mapper.js';

class DuplicateTrackingNumber extends ConflictError {
  constructor() {
    super('Tracking number already in use');
  }
}

export class KnexShipmentRepository implements ShipmentRepository {
  /** How many history lines each shipment had when it was loaded or added: `save` appends the rest. */
  private readonly stored = new WeakMap<Shipment, number>();

  constructor(
    private readonly db: Db,
    private readonly seen: SeenAggregates,
  ) {}

  /**
   * The shipment and its history so far in one statement that draws its number
   * (`insertNumbered`). The invoice foreign key checks `invoiceId` (same tenant): no lookup first.
   */
  async add(shipment: Shipment): Promise<void> {
    this.seen.add(shipment);
    const history = toTrackingRows(shipment, 0);
    const number = await translateViolations(
      () =>
        insertNumbered(this.db, 'shipments', toShipmentRow(shipment), 'SHP', shipment.pullEvents(), [
          { table: 'shipment_tracking', rows: history },
        ]),
      {
        shipments_tenant_number_unique: () => new DuplicateDocumentNumber(),
        shipments_carrier_tracking_unique: () => new DuplicateTrackingNumber(),
        shipments_invoice_fk: () => new InvoiceNotFound(),
      },
    );
    shipment.numbered(number);
    this.stored.set(shipment, history.length);
  }

  async save(shipment: Shipment): Promise<void> {
    this.seen.add(shipment);
    const row = toShipmentRow(shipment);
    await this.db('shipments').where({ tenant_id: row.tenant_id, id: row.id }).update({
      status: row.status,
      cancel_reason: row.cancel_reason,
      updated_at: row.updated_at,
    });
    await this.appendHistory(shipment, this.stored.get(shipment) ?? 0);
  }

  findById(tenantId: string, id: string, options: ShipmentLoadOptions = {}): Promise<Shipment | null> {
    return this.load({ tenant_id: tenantId, id }, options);
  }

  findByIdAcrossTenants(id: string, options: ShipmentLoadOptions = {}): Promise<Shipment | null> {
    return this.load({ id }, options);
  }

  /** In the order of `shipments_tenant_created`; the page's histories in one query. */
  async list(tenantId: string, query: ShipmentListQuery): Promise<Page<Shipment>> {
    const base = this.db('shipments').where({ tenant_id: tenantId });
    if (query.status) base.andWhere({ status: query.status });
    if (query.invoiceId) base.andWhere({ invoice_id: query.invoiceId });
    const page = await paginate<ShipmentRow, ShipmentRow>(
      base,
      query,
      (q) =>
        q.select('*').orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'asc' },
        ]),
      (row) => row,
    );
    const tracking =
      page.items.length === 0
        ? []
        : await this.db<TrackingRow>('shipment_tracking')
            .where({ tenant_id: tenantId })
            .whereIn(
              'shipment_id',
              page.items.map((row) => row.id),
            )
            .orderBy([{ column: 'shipment_id' }, { column: 'seq' }]);
    const items = page.items.map((row) => {
      const history = tracking.filter((t) => t.shipment_id === row.id);
      const shipment = toShipment(row, history);
      this.stored.set(shipment, history.length);
      return shipment;
    });
    return { ...page, items };
  }

  /** The row first (locked when asked), then its history: read after the lock, it is complete. */
  private async load(where: Partial<ShipmentRow>, options: ShipmentLoadOptions): Promise<Shipment | null> {
    const q = this.db<ShipmentRow>('shipments').where(where);
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    if (!row) return null;
    const tracking = await this.db<TrackingRow>('shipment_tracking')
      .where({ tenant_id: row.tenant_id, shipment_id: row.id })
      .orderBy('seq');
    const shipment = toShipment(row, tracking);
    this.stored.set(shipment, tracking.length);
    return shipment;
  }

  private async appendHistory(shipment: Shipment, from: number): Promise<void> {
    const rows = toTrackingRows(shipment, from);
    if (rows.length > 0) await this.db('shipment_tracking').insert(rows);
    this.stored.set(shipment, from + rows.length);
  }
}
