import type { Knex } from 'knex';
import { ContainerModule } from 'inversify';
import { AuthenticateRequest } from '../../application/access/authenticate-request.js';
import { CreateIntegration } from '../../application/access/create-integration.js';
import { IssueApiKey } from '../../application/access/issue-api-key.js';
import { ListIntegrations, ListIntegrationsAcrossTenants } from '../../application/access/list-integrations.js';
import { PurgeExpiredNonces } from '../../application/access/purge-nonces.js';
import { RemoveApiKey } from '../../application/access/remove-api-key.js';
import { RotateClientSecret } from '../../application/access/rotate-client-secret.js';
import { UpdateIntegration } from '../../application/access/update-integration.js';
import type { SecretCipher } from '../../application/ports/access-ports.js';
import { TOKENS } from '../../application/tokens.js';
import { CachedIntegrationDirectory } from '../../adapters/persistence/integration-directory.js';
import { IntegrationMapper } from '../../adapters/persistence/integration.mapper.js';
import { KnexNonceStore } from '../../adapters/persistence/nonce-store.js';
import { CryptoSecretGenerator, HmacSha256Signer, Sha256ApiKeyHasher } from '../../adapters/security/crypto.js';
import { ResolvingWebhookTargetPolicy } from '../../adapters/security/webhook-target-policy.js';
import type { Logger } from 'pino';
import { AdmitRequest, type GatewaySettings } from '../../application/access/admit-request.js';
import { GetUsage, SetTenantPlan } from '../../application/access/tenant-plans.js';
import { PostgresAuthFailureLimiter } from '../../adapters/persistence/auth-failure-limiter.js';
import { KnexIdempotencyStore } from '../../adapters/persistence/idempotency-store.js';
import { CachedPlanDirectory, KnexPlanRepository } from '../../adapters/persistence/plan-repository.js';
import { BufferedUsageMeter } from '../../adapters/persistence/usage-meter.js';
import { KnexActivityStatistics } from '../../adapters/persistence/activity-statistics.js';
import { DailyUsage } from '../../application/access/daily-usage.js';
import { BufferedIntegrationActivity } from '../../adapters/persistence/integration-activity.js';
import type { Config } from '../config.js';
import type { Database } from '../database.js';
import { INFRA } from '../tokens.js';
import { bindConstant, bindFactory, bindGroup, bindUseCase, type Bind } from './bind.js';

const {
  UnitOfWork,
  IdGenerator,
  Clock,
  SecretGenerator,
  WebhookTargetPolicy,
  IntegrationDirectory,
  NonceStore,
  RequestSigner,
  ApiKeyHasher,
} = TOKENS;

/** Integrations, their credentials and the signed-request gate. */
function bindIntegrations(bind: Bind): void {
  bindConstant(bind, SecretGenerator, new CryptoSecretGenerator());
  bindConstant(bind, RequestSigner, new HmacSha256Signer());
  bindConstant(bind, ApiKeyHasher, new Sha256ApiKeyHasher());
  // With replicas, the nonce claim also brings back the integration's last write position.
  bindFactory(bind, NonceStore, (db: Database) => new KnexNonceStore(db.knex, db.replicas !== null), [INFRA.Database]);
  bindFactory(
    bind,
    IntegrationDirectory,
    (knex: Knex, cipher: SecretCipher) => new CachedIntegrationDirectory(knex, new IntegrationMapper(cipher)),
    [INFRA.Knex, TOKENS.SecretCipher],
  );
  bindFactory(
    bind,
    WebhookTargetPolicy,
    (config: Config) =>
      new ResolvingWebhookTargetPolicy({
        allowHttp: config.webhookAllowHttp,
        allowPrivate: config.webhookAllowPrivate,
      }),
    [INFRA.Config],
  );

  bindUseCase(bind, TOKENS.CreateIntegration, CreateIntegration, [
    UnitOfWork,
    IdGenerator,
    Clock,
    SecretGenerator,
    WebhookTargetPolicy,
  ]);
  bindUseCase(bind, TOKENS.ListIntegrations, ListIntegrations, [UnitOfWork]);
  bindUseCase(bind, TOKENS.ListIntegrationsAcrossTenants, ListIntegrationsAcrossTenants, [UnitOfWork]);
  bindUseCase(bind, TOKENS.UpdateIntegration, UpdateIntegration, [
    UnitOfWork,
    Clock,
    SecretGenerator,
    WebhookTargetPolicy,
    IntegrationDirectory,
  ]);
  bindUseCase(bind, TOKENS.RotateClientSecret, RotateClientSecret, [
    UnitOfWork,
    Clock,
    SecretGenerator,
    IntegrationDirectory,
  ]);
  bindUseCase(bind, TOKENS.AuthenticateRequest, AuthenticateRequest, [
    IntegrationDirectory,
    NonceStore,
    RequestSigner,
    Clock,
    ApiKeyHasher,
  ]);
  bindUseCase(bind, TOKENS.IssueApiKey, IssueApiKey, [UnitOfWork, Clock, ApiKeyHasher, IntegrationDirectory]);
  bindUseCase(bind, TOKENS.RemoveApiKey, RemoveApiKey, [UnitOfWork, Clock, IntegrationDirectory]);
  bindUseCase(bind, TOKENS.PurgeExpiredNonces, PurgeExpiredNonces, [NonceStore, Clock]);

  bindGroup(bind, TOKENS.AccessBackOffice, {
    createIntegration: TOKENS.CreateIntegration,
    listIntegrations: TOKENS.ListIntegrations,
    listIntegrationsAcrossTenants: TOKENS.ListIntegrationsAcrossTenants,
    updateIntegration: TOKENS.UpdateIntegration,
    rotateClientSecret: TOKENS.RotateClientSecret,
    issueApiKey: TOKENS.IssueApiKey,
    removeApiKey: TOKENS.RemoveApiKey,
  });
}

/** The gateway in front of the external API: failed-auth limit, plans, metering, Idempotency-Key. */
function bindGateway(bind: Bind): void {
  bindFactory(
    bind,
    TOKENS.AuthFailureLimiter,
    (knex: Knex, config: Config) => new PostgresAuthFailureLimiter(knex, config.authFailureLimitPerMinute),
    [INFRA.Knex, INFRA.Config],
  );
  bindFactory(bind, TOKENS.UsageMeter, (knex: Knex, logger: Logger) => new BufferedUsageMeter(knex, logger), [
    INFRA.Knex,
    INFRA.Logger,
  ]);
  bindFactory(
    bind,
    TOKENS.IntegrationActivity,
    (knex: Knex, logger: Logger) => new BufferedIntegrationActivity(knex, logger),
    [INFRA.Knex, INFRA.Logger],
  );
  bindFactory(bind, TOKENS.PlanDirectory, (knex: Knex) => new CachedPlanDirectory(knex), [INFRA.Knex]);
  bindUseCase(bind, TOKENS.PlanRepository, KnexPlanRepository, [INFRA.Knex]);
  bindUseCase(bind, TOKENS.IdempotencyStore, KnexIdempotencyStore, [INFRA.Knex]);
  bindFactory(
    bind,
    TOKENS.GatewaySettings,
    (config: Config): GatewaySettings => ({ rateLimitPerMinute: config.rateLimitPerMinute }),
    [INFRA.Config],
  );
  bindUseCase(bind, TOKENS.AdmitRequest, AdmitRequest, [
    TOKENS.AuthenticateRequest,
    TOKENS.AuthFailureLimiter,
    TOKENS.PlanDirectory,
    TOKENS.UsageMeter,
    TOKENS.IntegrationActivity,
    Clock,
    TOKENS.GatewaySettings,
  ]);
  bindUseCase(bind, TOKENS.SetTenantPlan, SetTenantPlan, [UnitOfWork, TOKENS.PlanDirectory, Clock]);
  bindUseCase(bind, TOKENS.GetUsage, GetUsage, [TOKENS.UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.ActivityStatistics, KnexActivityStatistics, [INFRA.Knex]);
  bindUseCase(bind, TOKENS.DailyUsage, DailyUsage, [UnitOfWork, TOKENS.UsageMeter, TOKENS.ActivityStatistics, Clock]);
  bindGroup(bind, TOKENS.GatewayUseCases, {
    admitRequest: TOKENS.AdmitRequest,
    getUsage: TOKENS.GetUsage,
    idempotency: TOKENS.IdempotencyStore,
  });
  bindGroup(bind, TOKENS.GatewayBackOffice, {
    setTenantPlan: TOKENS.SetTenantPlan,
    getUsage: TOKENS.GetUsage,
    dailyUsage: TOKENS.DailyUsage,
  });
}

/** Integrations, their credentials, the signed-request gate and the gateway in front of it. */
export const accessModule = new ContainerModule(({ bind }) => {
  bindIntegrations(bind);
  bindGateway(bind);
});
