import type { Knex } from 'knex';

/**
 * The gateway's own counters: a refused request is meant to count there (a failed
 * authentication per address, a call in its minute window, a metered call), so they are not
 * business writes.
 */
const GATEWAY_COUNTERS = ['auth_failure_limits', 'request_rate_windows', 'usage_counters', 'usage_daily'];

/**
 * The row count of every table of the schema (migration history and the gateway's counters
 * aside), to show that a refused request wrote nothing: compare two snapshots.
 */
export async function rowCounts(knex: Knex): Promise<Record<string, number>> {
  const { rows } = await knex.raw<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_migrations%' ORDER BY 1`,
  );
  const selects = rows
    .filter((r) => !GATEWAY_COUNTERS.includes(r.tablename))
    .map((r) => `SELECT '${r.tablename}' AS t, count(*)::int AS n FROM "${r.tablename}"`);
  if (selects.length === 0) return {};
  const counted = await knex.raw<{ rows: { t: string; n: number }[] }>(selects.join(' UNION ALL '));
  return Object.fromEntries(counted.rows.map((r) => [r.t, Number(r.n)]));
}
