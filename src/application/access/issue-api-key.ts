import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { Integration } from '../../domain/access/integration.js';
import type { ApiKeyHasher, IntegrationDirectory } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';

/**
 * Back office: issues an integration's API key, or replaces the one it has. The
 * key is returned this once; only its hash is stored. The replaced key stops working at once
 * in this process (its directory entry is dropped) and within the cache's lifetime in the
 * others. Errors: IntegrationNotFound.
 */
export class IssueApiKey {
  constructor(
    private readonly uow: UnitOfWork<'integrations'>,
    private readonly clock: Clock,
    private readonly apiKeys: ApiKeyHasher,
    private readonly directory: IntegrationDirectory,
  ) {}

  async execute(id: string, scope?: WriteScope): Promise<{ integration: Integration; apiKey: string }> {
    const apiKey = this.apiKeys.generate();
    const hash = this.apiKeys.hash(apiKey);
    const now = this.clock.now();
    const integration = await this.uow.run(async (r) => {
      const found = await r.integrations.findByIdAcrossTenants(id, { forUpdate: true });
      if (!found) throw new IntegrationNotFound();
      found.setApiKey(hash, now);
      await r.integrations.save(found);
      return found;
    }, scope);
    this.directory.invalidate(integration.clientId);
    return { integration, apiKey };
  }
}
