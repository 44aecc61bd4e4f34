import type { IntegrationFilter, IntegrationRepository } from '../../application/ports/access-ports.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { Integration } from '../../domain/access/integration.js';
import type { IntegrationMapper, IntegrationRow } from './integration.mapper.js';
import { paginate } from './paginate.js';
import type { Db } from './db.js';

export class KnexIntegrationRepository implements IntegrationRepository {
  constructor(
    private readonly db: Db,
    private readonly mapper: IntegrationMapper,
  ) {}

  async add(integration: Integration): Promise<void> {
    await this.db('integrations').insert(this.mapper.toRow(integration));
  }

  async save(integration: Integration): Promise<void> {
    const { tenant_id, id, created_at: _created, ...changes } = this.mapper.toRow(integration);
    await this.db('integrations').where({ tenant_id, id }).update(changes);
  }

  async findByIdAcrossTenants(id: string, options: { forUpdate?: boolean } = {}): Promise<Integration | null> {
    const q = this.db<IntegrationRow>('integrations').where({ id });
    if (options.forUpdate) q.forUpdate();
    const row = await q.first();
    return row ? this.mapper.toIntegration(row) : null;
  }

  async findByClientId(clientId: string): Promise<Integration | null> {
    const row = await this.db<IntegrationRow>('integrations').where({ client_id: clientId }).first();
    return row ? this.mapper.toIntegration(row) : null;
  }

  async findByTenant(tenantId: string): Promise<Integration[]> {
    const rows = await this.db<IntegrationRow>('integrations')
      .where({ tenant_id: tenantId })
      .orderBy(['created_at', 'id']);
    return rows.map((r) => this.mapper.toIntegration(r));
  }

  list(filter: IntegrationFilter, page: PageRequest): Promise<Page<Integration>> {
    const q = this.db('integrations');
    if (filter.within !== null) q.whereIn('tenant_id', [...filter.within]);
    if (filter.tenantId) q.where('tenant_id', filter.tenantId);
    if (filter.active !== undefined) q.where('active', filter.active);
    if (filter.paused === true) q.whereNotNull('webhook_paused_at');
    if (filter.paused === false) q.whereNull('webhook_paused_at');
    return paginate(
      q,
      page,
      (p) => p.select('*').orderBy(['created_at', 'id']),
      (row: IntegrationRow) => this.mapper.toIntegration(row),
    );
  }

  async findWebhookSubscribers(tenantIds: readonly string[]): Promise<Integration[]> {
    if (tenantIds.length === 0) return [];
    const rows = await this.db<IntegrationRow>('integrations')
      .whereIn('tenant_id', [...tenantIds])
      .where({ active: true })
      .whereNotNull('webhook_url')
      .orderBy(['tenant_id', 'id'])
      .forShare();
    return rows.map((r) => this.mapper.toIntegration(r));
  }
}
