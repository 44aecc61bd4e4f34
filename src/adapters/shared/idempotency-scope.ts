import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The Idempotency-Key of the request being served (CONTRACT §8), visible to the unit of work
 * through async context: the HTTP layer opens the scope around a keyed POST, and the first
 * transaction that commits in it inserts the key row in the same transaction as its writes.
 * Routes and use cases know nothing of it, so every external POST has it, present and future.
 */
export interface IdempotencyScope {
  integrationId: string;
  key: string;
  fingerprint: string;
  createdAt: Date;
  expiresAt: Date;
  /** Set once a transaction holding the key row has committed. */
  claimed: boolean;
}

const storage = new AsyncLocalStorage<IdempotencyScope>();

export function runInIdempotencyScope<T>(scope: IdempotencyScope, work: () => T): T {
  return storage.run(scope, work);
}

export function currentIdempotencyScope(): IdempotencyScope | undefined {
  return storage.getStore();
}
