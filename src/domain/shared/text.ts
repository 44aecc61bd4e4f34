/** Trimmed, non-empty text or null; the domain's one rule for names and free text. */
export function cleanText(value: unknown, maxLength = 200): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t.length > 0 && t.length <= maxLength ? t : null;
}
