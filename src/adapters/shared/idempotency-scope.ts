import { AsyncLocalStorage } from 'node:async_hooks';
import type { IdempotencyKeyEntry, IdempotentAnswer } from '../../application/ports/gateway-ports.js';

/**
 * A keyed request's write, done and not yet committed: the transaction that inserted the key's
 * row and did the work stays open until the answer is known, and commits with it.
 */
export interface HeldWrite {
  /** Adds the answer to the key's row and commits the write with it. */
  commit(answer: IdempotentAnswer): Promise<void>;
  /** Rolls the write back, its key's row with it: the key is free again. */
  rollBack(): Promise<void>;
}

/**
 * The Idempotency-Key of the request being served, visible to the unit of work
 * through async context: the HTTP layer opens the scope around a keyed POST; the first
 * transaction in it inserts the key's row before its work and is then held open (`held`), later
 * work of the request joins it, and the HTTP layer commits it with the answer. So a write is
 * never committed without its answer, nor an answer kept without its write. Routes and use cases
 * know nothing of it, so every external POST has it, present and future.
 */
export interface IdempotencyScope extends IdempotencyKeyEntry {
  /** The request's write, from its first transaction until the answer commits it. */
  held: HeldWrite | null;
  /**
   * Set once the answer is kept or the lock timeout has passed: work after it holds nothing
   * (and, past the lock timeout, is refused).
   */
  closed: 'answered' | 'lock timed out' | null;
}

const storage = new AsyncLocalStorage<IdempotencyScope>();

export function runInIdempotencyScope<T>(scope: IdempotencyScope, work: () => T): T {
  return storage.run(scope, work);
}

export function currentIdempotencyScope(): IdempotencyScope | undefined {
  return storage.getStore();
}
