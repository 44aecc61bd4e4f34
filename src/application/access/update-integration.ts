import { parseWebhookUrl, type Integration } from '../../domain/access/integration.js';
import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { IntegrationDirectory, SecretGenerator, WebhookTargetPolicy } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { UpdateIntegrationCommand } from './commands.js';

/**
 * Back-office PATCH of an integration (active, allowedIps, webhookUrl, webhookEvents,
 * requireSignedReads). A webhook secret generated because a URL was set for the first time is
 * returned once. Errors: IntegrationNotFound, ValidationError.
 */
export class UpdateIntegration {
  constructor(
    private readonly uow: UnitOfWork<'integrations'>,
    private readonly clock: Clock,
    private readonly secrets: SecretGenerator,
    private readonly webhookPolicy: WebhookTargetPolicy,
    private readonly directory: IntegrationDirectory,
  ) {}

  async execute(
    id: string,
    changes: UpdateIntegrationCommand,
    scope?: WriteScope,
  ): Promise<{ integration: Integration; webhookSecret?: string }> {
    // Checked before the transaction: the policy may resolve the host name.
    const newUrl = changes.webhookUrl === undefined ? null : parseWebhookUrl(changes.webhookUrl);
    if (newUrl) await this.webhookPolicy.assertAllowed(newUrl);
    const result = await this.uow.run(async (r) => {
      const integration = await r.integrations.findByIdAcrossTenants(id, { forUpdate: true });
      if (!integration) throw new IntegrationNotFound();
      const issued = integration.update(changes, () => this.secrets.webhookSecret(), this.clock.now());
      await r.integrations.save(integration);
      return { integration, ...issued };
    }, scope);
    this.directory.invalidate(result.integration.clientId);
    return result;
  }
}
