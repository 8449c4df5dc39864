/**
 * Codes in words, for the server's texts (notification titles) and the app alike (server and app both import the
 * contract), so a person never reads a code: a status such as `for-review`, a field key such as `postalCode`.
 */

/** `postalCode` -> "Postal code", `awaiting-materials` -> "Awaiting materials", `on_hold` -> "On hold". */
export function keyWords(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim();
  // Lower-case the words a camelCase split made, but keep acronyms ("URL", "OV") as they are.
  const words = spaced.split(/\s+/).map((w, i) => (i > 0 && /^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A work request's status in words ("for-review" -> "For review"); an absent one "No status". */
export function statusLabel(status: string | undefined): string {
  return status ? keyWords(status) : 'No status';
}

/** "a", "a and b", "a, b and c" (or with `or`). */
export function listInWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
