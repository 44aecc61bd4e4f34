import { ContainerModule } from 'inversify';
import { TOKENS } from '../../application/tokens.js';
import { KnexUnitOfWork } from '../../adapters/persistence/unit-of-work.js';
import { AesGcmSecretCipher } from '../../adapters/security/secret-cipher.js';
import { RandomUuidGenerator, SystemClock } from '../../adapters/system/system.js';
import type { SecretCipher } from '../../application/ports/access-ports.js';
import type { Config } from '../config.js';
import type { Database } from '../database.js';
import { INFRA } from '../tokens.js';
import { bindFactory, bindUseCase } from './bind.js';

/** What every context uses: the unit of work, the clock, ids, the cipher of secrets at rest. */
export const coreModule = new ContainerModule(({ bind }) => {
  bindFactory(
    bind,
    TOKENS.UnitOfWork,
    (database: Database, cipher: SecretCipher) => new KnexUnitOfWork(database.knex, cipher, database.replicas),
    [INFRA.Database, TOKENS.SecretCipher],
  );
  bindUseCase(bind, TOKENS.Clock, SystemClock, []);
  bindUseCase(bind, TOKENS.IdGenerator, RandomUuidGenerator, []);
  bindFactory(
    bind,
    TOKENS.SecretCipher,
    (config: Config) => {
      if (!config.secretsKey) throw new Error('SECRETS_KEY is not set');
      return new AesGcmSecretCipher(config.secretsKey);
    },
    [INFRA.Config],
  );
});
