/**
 * `path` with a query string of `query`'s defined values, in their order (`/products?page=2`).
 * The query string is part of what `x-signature` signs, so it is written once, here.
 */
export function withQuery(path: string, query: object = {}): string {
  const qs = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return qs ? `${path}?${qs}` : path;
}
