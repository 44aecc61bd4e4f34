import type {
  AdjustmentDetail,
  AdjustmentDetailAcrossTenants,
  AdjustmentRequestRepository,
  AdjustmentSummary,
} from '../../application/ports/inventory-repositories.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { AdjustmentRequest, AdjustmentStatus } from '../../domain/inventory/adjustment-request.js';
import { adjustmentStatusesAccepting } from '../../domain/inventory/adjustment-request.machine.js';
import {
  toAdjustmentItemRows,
  toAdjustmentRequest,
  toAdjustmentRequestRow,
  toAdjustmentSummary,
  type AdjustmentItemRow,
  type AdjustmentRequestRow,
} from './adjustment-request.mapper.js';
import { Quantity } from '../../domain/shared/quantity.js';
import { paginate, newestFirst } from './paginate.js';
import type { Db, SeenAggregates } from './db.js';
import { insertNumbered } from './document-numbers.js';

export class KnexAdjustmentRequestRepository implements AdjustmentRequestRepository {
  constructor(
    private readonly db: Db,
    private readonly seen: SeenAggregates,
  ) {}

  /** The request and its items in one statement, numbered (ADJ-) by it. */
  async add(request: AdjustmentRequest): Promise<void> {
    this.seen.add(request);
    const number = await insertNumbered(
      this.db,
      'stock_adjustment_requests',
      toAdjustmentRequestRow(request),
      'ADJ',
      request.pullEvents(),
      [{ table: 'stock_adjustment_items', rows: toAdjustmentItemRows(request) }],
    );
    request.numbered(number);
  }

  async findById(tenantId: string, id: string): Promise<AdjustmentRequest | null> {
    const row = await this.db<AdjustmentRequestRow>('stock_adjustment_requests')
      .where({ tenant_id: tenantId, id })
      .first();
    return row ? this.withItems(row) : null;
  }

  /** Two statements: the request, then its rows joined with their products. */
  async findDetail(tenantId: string, id: string): Promise<AdjustmentDetail | null> {
    const row = await this.db<AdjustmentRequestRow>('stock_adjustment_requests')
      .where({ tenant_id: tenantId, id })
      .first();
    return row ? this.detailOf(row) : null;
  }

  /** Two statements: the request with its integration's name, then its rows joined with their products. */
  async findDetailAcrossTenants(id: string): Promise<AdjustmentDetailAcrossTenants | null> {
    const row: (AdjustmentRequestRow & { client_name: string }) | undefined = await this.db(
      'stock_adjustment_requests as r',
    )
      .join('integrations as i', (on) => on.on('i.tenant_id', 'r.tenant_id').andOn('i.id', 'r.integration_id'))
      .where('r.id', id)
      .first('r.*', 'i.client_name');
    return row ? { ...(await this.detailOf(row)), clientName: row.client_name } : null;
  }

  private async detailOf(row: AdjustmentRequestRow): Promise<AdjustmentDetail> {
    const rows: (AdjustmentItemRow & { product_name: string; sku: string })[] = await this.db(
      'stock_adjustment_items as i',
    )
      .join('products as p', (on) => on.on('p.tenant_id', 'i.tenant_id').andOn('p.id', 'i.product_id'))
      .where({ 'i.tenant_id': row.tenant_id, 'i.request_id': row.id })
      .orderBy('i.row_no')
      .select('i.*', 'p.name as product_name', 'p.sku');
    return {
      request: toAdjustmentRequest(row, rows),
      items: rows.map((item) => ({
        productId: item.product_id,
        productName: item.product_name,
        sku: item.sku,
        quantity: Quantity.of(item.quantity),
        type: item.type,
      })),
    };
  }

  async findByIdAcrossTenants(id: string, options: { forUpdate?: boolean } = {}): Promise<AdjustmentRequest | null> {
    const q = this.db<AdjustmentRequestRow>('stock_adjustment_requests').where({ id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? this.withItems(row) : null;
  }

  /** The from-states of the conditional UPDATE are the machine's, for the decision taken. */
  async save(request: AdjustmentRequest): Promise<boolean> {
    if (request.decision === null) return false;
    const { status, decided_by, decided_at, rejection_reason } = toAdjustmentRequestRow(request);
    const updated = await this.db('stock_adjustment_requests')
      .where({ tenant_id: request.tenantId, id: request.id })
      .whereIn('status', adjustmentStatusesAccepting(request.decision))
      .update({ status, decided_by, decided_at, rejection_reason });
    if (updated !== 1) return false;
    this.seen.add(request);
    return true;
  }

  async list(tenantId: string, query: PageRequest & { status?: AdjustmentStatus }): Promise<Page<AdjustmentSummary>> {
    const base = this.db('stock_adjustment_requests').where({ tenant_id: tenantId });
    if (query.status) base.andWhere({ status: query.status });
    return paginate(base, query, newestFirst(), toAdjustmentSummary);
  }

  private async withItems(row: AdjustmentRequestRow): Promise<AdjustmentRequest> {
    const items = await this.db<AdjustmentItemRow>('stock_adjustment_items')
      .where({ tenant_id: row.tenant_id, request_id: row.id })
      .orderBy('row_no');
    return toAdjustmentRequest(row, items);
  }
}
