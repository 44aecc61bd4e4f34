/**
 * A new document's number until its store draws one, in the statement that stores it: the
 * counter's lock is then taken as late as the transaction allows, and held for its end only.
 * Events the document records before that carry it as their `code` too; the store writes them
 * with the number it drew.
 */
export const UNNUMBERED = '';

/** The number a store drew for a new document; a document is numbered once. */
export function drawnNumber(current: string, number: string, what: string): string {
  if (current !== UNNUMBERED) throw new Error(`${what} already has a number`);
  if (number === UNNUMBERED) throw new Error(`${what} was given an empty number`);
  return number;
}
