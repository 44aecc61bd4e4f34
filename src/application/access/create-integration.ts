import { Integration } from '../../domain/access/integration.js';
import { BranchNotFound, FiscalYearNotFound, TenantNotFound } from '../../domain/organization/errors.js';
import type { SecretGenerator, WebhookTargetPolicy } from '../ports/access-ports.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';
import type { CreateIntegrationCommand } from './commands.js';

/** The one-time creation response: the only time the secrets are shown. */
export interface CreatedIntegration {
  integration: Integration;
  clientId: string;
  clientSecret: string;
  webhookSecret?: string;
}

/** Errors: ValidationError, TenantNotFound, BranchNotFound, FiscalYearNotFound (the latter two also for another tenant's). */
export class CreateIntegration {
  constructor(
    private readonly uow: UnitOfWork<'tenants' | 'branches' | 'fiscalYears' | 'integrations'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly secrets: SecretGenerator,
    private readonly webhookPolicy: WebhookTargetPolicy,
  ) {}

  async execute(input: CreateIntegrationCommand, scope?: WriteScope): Promise<CreatedIntegration> {
    const integration = Integration.create(
      { ...input, id: this.ids.next() },
      {
        clientId: this.secrets.clientId(),
        clientSecret: this.secrets.clientSecret(),
        webhookSecret: () => this.secrets.webhookSecret(),
      },
      this.clock.now(),
    );
    if (integration.webhookUrl) await this.webhookPolicy.assertAllowed(integration.webhookUrl);
    await this.uow.run(async (r) => {
      if (!(await r.tenants.findById(input.tenantId))) throw new TenantNotFound();
      if (!(await r.branches.findById(input.tenantId, input.branchId))) throw new BranchNotFound();
      if (!(await r.fiscalYears.findById(input.tenantId, input.fiscalYearId))) throw new FiscalYearNotFound();
      await r.integrations.add(integration);
      return integration;
    }, scope);
    const state = integration.state();
    return {
      integration,
      clientId: state.clientId,
      clientSecret: state.clientSecret,
      ...(state.webhookSecret ? { webhookSecret: state.webhookSecret } : {}),
    };
  }
}
