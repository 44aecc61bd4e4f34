/**
 * `column IN ('A', 'B')` for statuses a domain machine derived, each checked to be one of
 * `known` (the machine's own names). Written as literals so the planner can match the partial
 * indexes on them, which a bound parameter would defeat.
 */
export function statusAmong<S extends string>(column: string, statuses: readonly S[], known: readonly S[]): string {
  if (statuses.length === 0 || statuses.some((s) => !known.includes(s))) {
    throw new Error(`not statuses of ${known.join('/')}: ${statuses.join(', ')}`);
  }
  return `${column} IN (${statuses.map((s) => `'${s}'`).join(', ')})`;
}
