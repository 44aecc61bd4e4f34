import type { Knex } from 'knex';

/**
 * The row count of every table of the schema (migration history aside), to show that a
 * refused request wrote nothing: compare two snapshots.
 */
export async function rowCounts(knex: Knex): Promise<Record<string, number>> {
  const { rows } = await knex.raw<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_migrations%' ORDER BY 1`,
  );
  const selects = rows.map((r) => `SELECT '${r.tablename}' AS t, count(*)::int AS n FROM "${r.tablename}"`);
  if (selects.length === 0) return {};
  const counted = await knex.raw<{ rows: { t: string; n: number }[] }>(selects.join(' UNION ALL '));
  return Object.fromEntries(counted.rows.map((r) => [r.t, Number(r.n)]));
}
