import type { Knex } from 'knex';
import { ContainerModule } from 'inversify';
import { AuthenticateRequest } from '../../application/access/authenticate-request.js';
import { CreateIntegration } from '../../application/access/create-integration.js';
import { IssueApiKey } from '../../application/access/issue-api-key.js';
import { ListIntegrations } from '../../application/access/list-integrations.js';
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
import type { Config } from '../config.js';
import { INFRA } from '../tokens.js';
import { bindConstant, bindFactory, bindGroup, bindUseCase } from './bind.js';

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
export const accessModule = new ContainerModule(({ bind }) => {
  bindConstant(bind, SecretGenerator, new CryptoSecretGenerator());
  bindConstant(bind, RequestSigner, new HmacSha256Signer());
  bindConstant(bind, ApiKeyHasher, new Sha256ApiKeyHasher());
  bindUseCase(bind, NonceStore, KnexNonceStore, [INFRA.Knex]);
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
    updateIntegration: TOKENS.UpdateIntegration,
    rotateClientSecret: TOKENS.RotateClientSecret,
    issueApiKey: TOKENS.IssueApiKey,
    removeApiKey: TOKENS.RemoveApiKey,
  });
});
