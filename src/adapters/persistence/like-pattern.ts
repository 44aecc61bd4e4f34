/** A case-insensitive substring pattern for `lower(column) LIKE ?`: `%`, `_` and `\` are literal in the term. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
