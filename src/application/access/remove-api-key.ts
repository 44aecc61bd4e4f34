import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { Integration } from '../../domain/access/integration.js';
import type { IntegrationDirectory } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';

/**
 * Back office: removes an integration's API key; requests no longer need one.
 * Removing a key that is not there changes nothing. Errors: IntegrationNotFound.
 */
export class RemoveApiKey {
  constructor(
    private readonly uow: UnitOfWork<'integrations'>,
    private readonly clock: Clock,
    private readonly directory: IntegrationDirectory,
  ) {}

  async execute(id: string, scope?: WriteScope): Promise<Integration> {
    const now = this.clock.now();
    const integration = await this.uow.run(async (r) => {
      const found = await r.integrations.findByIdAcrossTenants(id, { forUpdate: true });
      if (!found) throw new IntegrationNotFound();
      if (found.hasApiKey) {
        found.removeApiKey(now);
        await r.integrations.save(found);
      }
      return found;
    }, scope);
    this.directory.invalidate(integration.clientId);
    return integration;
  }
}
