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
 * process sees a change within `ttlMs`: an entry lives `ttlMs` from the moment its read was
 * started, not from when it ended. A read that was under way when its client id was
 * invalidated is not cached (it may have seen the row before the change), so a change made in
 * this process (a replaced API key, a deactivation) takes effect at once.
 */
export class CachedIntegrationDirectory implements IntegrationDirectory {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Integration | null>>();
  /** Bumped by every invalidation: a read that started under an older generation is not kept. */
  private generation = 0;
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
      const generation = this.generation;
      const startedAt = Date.now();
      const read = this.repository.findByClientId(clientId).then(
        (value) => {
          if (this.inflight.get(clientId) === read) this.inflight.delete(clientId);
          if (this.generation === generation) {
            if (this.entries.size >= this.maxEntries) this.entries.clear();
            this.entries.set(clientId, { value, until: startedAt + this.ttlMs });
          }
          return value;
        },
        (err: unknown) => {
          if (this.inflight.get(clientId) === read) this.inflight.delete(clientId);
          throw err;
        },
      );
      pending = read;
      this.inflight.set(clientId, read);
    }
    return pending;
  }

  invalidate(clientId: string): void {
    this.generation++;
    this.entries.delete(clientId);
    this.inflight.delete(clientId);
  }
}
