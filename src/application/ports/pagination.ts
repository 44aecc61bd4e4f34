/**
 * The deepest page a list serves: with `limit` at most 100 the offset stays below 10 million
 * rows, far inside what the database's offset can hold and what an offset scan should cost.
 */
export const MAX_PAGE = 100_000;

/** A page request: `page` 1..MAX_PAGE, `limit` 1..100 (validated at the edge). */
export interface PageRequest {
  page: number;
  limit: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export function offsetOf(req: PageRequest): number {
  return (req.page - 1) * req.limit;
}
