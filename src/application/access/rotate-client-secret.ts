import { DEFAULT_SECRET_OVERLAP_MS } from '../../domain/access/integration.js';
import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { IntegrationDirectory, SecretGenerator } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { RotateClientSecretCommand } from './commands.js';

/**
 * Issues a new client secret, shown once; the previous one keeps verifying requests for the
 * overlap window (default 24 h) so the integrator can roll it out. Errors: IntegrationNotFound.
 */
export class RotateClientSecret {
  constructor(
    private readonly uow: UnitOfWork<'integrations'>,
    private readonly clock: Clock,
    private readonly secrets: SecretGenerator,
    private readonly directory: IntegrationDirectory,
  ) {}

  async execute(
    id: string,
    command: RotateClientSecretCommand = {},
    scope?: WriteScope,
  ): Promise<{ clientId: string; clientSecret: string; previousSecretExpiresAt: Date | null }> {
    const overlapMs = command.overlapSeconds === undefined ? DEFAULT_SECRET_OVERLAP_MS : command.overlapSeconds * 1000;
    const now = this.clock.now();
    const clientSecret = this.secrets.clientSecret();
    const integration = await this.uow.run(async (r) => {
      const found = await r.integrations.findByIdAcrossTenants(id, { forUpdate: true });
      if (!found) throw new IntegrationNotFound();
      found.rotateClientSecret(clientSecret, overlapMs, now);
      await r.integrations.save(found);
      return found;
    }, scope);
    this.directory.invalidate(integration.clientId);
    return {
      clientId: integration.clientId,
      clientSecret,
      previousSecretExpiresAt: integration.state().previousSecretExpiresAt,
    };
  }
}
