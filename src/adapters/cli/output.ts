/** How the command-line tool prints for people: lists as one kind of table, objects as field/value lines. */

function cell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function align(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

export interface Pagination {
  total: number;
  page: number;
  limit: number;
}

/**
 * Every list, one shape: a header of field names, one line per item, then a footer line
 * `N of TOTAL (page P, limit L)` for pages, or `N in all` for whole lists.
 */
export function table(columns: readonly string[], items: readonly unknown[], pagination?: Pagination): string {
  const rows = items.map((item) => columns.map((c) => cell((item as Record<string, unknown>)[c])));
  const footer = pagination
    ? `${items.length} of ${pagination.total} (page ${pagination.page}, limit ${pagination.limit})`
    : `${items.length} in all`;
  return [...align([[...columns], ...rows]), footer].join('\n');
}

/** One object: a line per field, `name  value`, nested values as compact JSON. */
export function record(data: unknown): string {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return cell(data);
  return align(Object.entries(data).map(([k, v]) => [k, cell(v)])).join('\n');
}
