import type { Knex } from 'knex';
import { offsetOf, type Page, type PageRequest } from '../../application/ports/pagination.js';

/**
 * One page of a filtered query and the total it matches, fetched in parallel. `shape` adds the
 * columns and the (stable) order; `map` turns a row into the listed item.
 */
export async function paginate<Row, Item>(
  base: Knex.QueryBuilder,
  req: PageRequest,
  shape: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const [rows, counted] = await Promise.all([
    shape(base.clone()).limit(req.limit).offset(offsetOf(req)),
    base.clone().count<{ total: string }[]>({ total: '*' }),
  ]);
  return {
    items: (rows as Row[]).map(map),
    total: Number(counted[0]?.total ?? 0),
    page: req.page,
    limit: req.limit,
  };
}
