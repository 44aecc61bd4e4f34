/** A page request: `page` from 1, `limit` 1..100 (validated at the edge). */
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
