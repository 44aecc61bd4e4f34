import { DEFAULT_SECRET_OVERLAP_MS } from '../../domain/access/integration.js';
import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { SecretGenerator } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { RotateWebhookSecretCommand } from './commands.js';

export interface RotatedWebhookSecret {
  /** The new secret, shown this once. */
  webhookSecret: string;
  /** Until when deliveries are signed with the old secret too; null without an overlap. */
  previousSecretExpiresAt: Date | null;
}

/**
 * Back office: issues a new webhook secret (a lost or leaked one cannot otherwise be replaced).
 * For the overlap (default 24 h) every delivery carries a signature with each secret, so a
 * receiver still holding the old one keeps verifying until it switches.
 * Errors: IntegrationNotFound, WebhookNotConfigured (no webhook URL).
 */
export class RotateWebhookSecret {
  constructor(
    private readonly uow: UnitOfWork<'integrations'>,
    private readonly clock: Clock,
    private readonly secrets: SecretGenerator,
  ) {}

  /** `scope`: the back-office change this is (audited with it, in the same transaction). */
  async execute(
    integrationId: string,
    command: RotateWebhookSecretCommand = {},
    scope?: WriteScope,
  ): Promise<RotatedWebhookSecret> {
    const overlapMs = command.overlapSeconds === undefined ? DEFAULT_SECRET_OVERLAP_MS : command.overlapSeconds * 1000;
    const webhookSecret = this.secrets.webhookSecret();
    const integration = await this.uow.run(async (r) => {
      const found = await r.integrations.findByIdAcrossTenants(integrationId, { forUpdate: true });
      if (!found) throw new IntegrationNotFound();
      found.rotateWebhookSecret(webhookSecret, overlapMs, this.clock.now());
      await r.integrations.save(found);
      return found;
    }, scope);
    return { webhookSecret, previousSecretExpiresAt: integration.state().previousWebhookSecretExpiresAt };
  }
}
