import type { DomainError } from '../../domain/shared/errors.js';

/** PostgreSQL SQLSTATEs we act on. */
export const PG = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

interface PgError {
  code?: string;
  constraint?: string;
}

function asPgError(err: unknown): PgError | null {
  return typeof err === 'object' && err !== null && 'code' in err ? (err as PgError) : null;
}

export function isRetryable(err: unknown): boolean {
  const code = asPgError(err)?.code;
  return code === PG.serializationFailure || code === PG.deadlockDetected;
}

/**
 * Runs a write and turns a violation of a named constraint into the domain error that
 * constraint stands for. Anything else is rethrown unchanged.
 */
export async function translateViolations<T>(
  write: () => Promise<T>,
  byConstraint: Record<string, () => DomainError>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const pg = asPgError(err);
    const make = pg?.constraint ? byConstraint[pg.constraint] : undefined;
    if (make) throw make();
    throw err;
  }
}
