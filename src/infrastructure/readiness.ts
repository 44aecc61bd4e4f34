import type { Knex } from 'knex';
import { pendingMigrations } from './migrator.js';
import type { Runtime } from './tokens.js';

/**
 * `/ready` of the API's port and of a worker's probe port: true, false when the database cannot
 * be reached, or another reason the process cannot do its work.
 */
export async function readiness(knex: Knex, runtime: Runtime): Promise<boolean | string> {
  try {
    await knex.raw('select 1');
  } catch {
    return false;
  }
  const pending = await pendingMigrations(knex);
  if (pending.length > 0) return `Migrations not applied: ${pending.join(', ')}`;
  if (runtime.workerExpected && !runtime.worker?.started) return 'Webhook worker not running';
  return true;
}
