import type { Knex } from 'knex';
import { offsetOf, type Page, type PageRequest } from '../../application/ports/pagination.js';
import { preparedQuery } from './db.js';

/** The page query's extra column: the total, from the same statement (stripped before `map`). */
const TOTAL = '__paginate_total';

/**
 * One page of a filtered query and the total it matches, from one snapshot: the page and the
 * count are one statement, the count an uncorrelated scalar subquery PostgreSQL runs once
 * (an InitPlan), so a write committed meanwhile shows in both or in neither. Measured on the
 * server (50,000 matching rows, a page of 10): ~5 ms, like the page and count statements
 * together, where `count(*) OVER ()` took ~100 ms as it reads and spills every matching row.
 * A page beyond the end returns no row to carry the total: only then is it counted apart.
 * `shape` adds the columns and the (stable) order; `map` turns a row into the listed item.
 * Options: `keptTotal`, a scalar query reading a total kept by the database (a counter row
 * written in the same transaction as the rows it counts) in place of counting them; or
 * `countInWindow`, for a filter whose rows are few but costly to find (a search rechecking what
 * an index returned): the total is `count(*) OVER ()` of the page's own scan, one scan where the
 * scalar sub-query makes two (the window holds every matching row, so not for broad filters).
 * `prepared`: the page statement is a named prepared statement (`preparedQuery`), for a hot
 * list whose text does not vary and whose best plan does not depend on its values.
 */
export async function paginate<Row, Item>(
  base: Knex.QueryBuilder,
  req: PageRequest,
  shape: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  map: (row: Row) => Item,
  options: { keptTotal?: () => Knex.QueryBuilder; countInWindow?: boolean; prepared?: boolean } = {},
): Promise<Page<Item>> {
  const count = options.keptTotal ?? (() => base.clone().clearSelect().clearOrder().count({ total: '*' }));
  const totalColumn = options.countInWindow ? base.client.raw(`count(*) OVER () AS ??`, [TOTAL]) : count().as(TOTAL);
  const page = shape(base.clone()).select(totalColumn).limit(req.limit).offset(offsetOf(req));
  const rows = (await (options.prepared ? preparedQuery(page) : page)) as (Row & {
    [TOTAL]: string | number;
  })[];
  let total: number;
  if (rows.length > 0) total = Number(rows[0]![TOTAL]);
  else if (req.page === 1) total = 0;
  else total = Number(((await count()) as { total: string | number }[])[0]?.total ?? 0);
  return {
    items: rows.map(({ [TOTAL]: _total, ...row }) => map(row as Row)),
    total,
    page: req.page,
    limit: req.limit,
  };
}

/** A page's shape, newest first: every column, by `column` then id, both descending (a stable order). */
export function newestFirst(column = 'created_at'): (q: Knex.QueryBuilder) => Knex.QueryBuilder {
  return (q) =>
    q.select('*').orderBy([
      { column, order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}
