import type { Knex } from 'knex';
import type { IntegrationDirectory } from '../../application/ports/access-ports.js';
import type { Integration } from '../../domain/access/integration.js';
import { KnexIntegrationRepository } from './integration-repository.js';
import type { IntegrationMapper } from './integration.mapper.js';

interface Entry {
  value: Integration | null;
  until: number;
}

/**
 * The authentication hot path's integration lookup: a short-lived in-process cache in front of
 * the database, dropped for a client id whenever the back office changes it here. Another
 * process sees a change within `ttlMs`.
 */
export class CachedIntegrationDirectory implements IntegrationDirectory {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Integration | null>>();
  private readonly repository: KnexIntegrationRepository;

  constructor(
    knex: Knex,
    mapper: IntegrationMapper,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {
    this.repository = new KnexIntegrationRepository(knex, mapper);
  }

  async findByClientId(clientId: string): Promise<Integration | null> {
    const hit = this.entries.get(clientId);
    if (hit && hit.until > Date.now()) return hit.value;
    let pending = this.inflight.get(clientId);
    if (!pending) {
      pending = this.repository.findByClientId(clientId).finally(() => this.inflight.delete(clientId));
      this.inflight.set(clientId, pending);
    }
    const value = await pending;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(clientId, { value, until: Date.now() + this.ttlMs });
    return value;
  }

  invalidate(clientId: string): void {
    this.entries.delete(clientId);
  }
}
