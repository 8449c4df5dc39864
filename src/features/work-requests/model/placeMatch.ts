/**
 * Language and territory filters take names and prefixes, not only codes (docs/API.md "Names"): "French" or "fr" finds
 * fr-FR and fr-CA; "Fran" finds France. The URL keeps what the user chose (a term or a code); the list asks the
 * server for the codes it stands for, as a comma list (`language=fr-FR,fr-CA`, docs/API.md "Names"). Pure.
 */
import { foldText } from '../../../lib/foldText';

/** A language (`code` "fr-FR", `name` "French (France)") or a territory (`code` "FR", `name` "France"). */
export interface PlaceChoice {
  code: string;
  name?: string | undefined;
}

/** Lower case without accents, trimmed: "Français" and "francais" are one. */
function fold(text: string): string {
  return foldText(text).trim();
}

/**
 * Whether `choice` matches a typed `term`: its code starts with it ("fr" -> fr-FR), or its name does, or any word
 * of its name does ("fran" -> "French (France)"; "canada" -> "French (Canada)").
 */
export function placeMatches(choice: PlaceChoice, term: string): boolean {
  const t = fold(term);
  if (!t) return false;
  if (fold(choice.code).startsWith(t)) return true;
  if (!choice.name) return false;
  const name = fold(choice.name);
  return name.startsWith(t) || name.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(t));
}

/** The choices a term matches, codes first (an exact code, then code prefixes, then names), as listed. */
export function matchPlaces(term: string, choices: readonly PlaceChoice[]): PlaceChoice[] {
  const t = fold(term);
  const rank = (c: PlaceChoice) => (fold(c.code) === t ? 0 : fold(c.code).startsWith(t) ? 1 : 2);
  return choices
    .filter((c) => placeMatches(c, term))
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
}

/**
 * What a filter's value (a term, a code, or a comma list of either) asks the server for: the codes every part
 * matches, as a comma list in the choices' order. A part matching nothing is sent as typed (a code this console
 * does not list still filters); without choices (a deployment without the catalog lists) the value as typed.
 */
export function placeCodes(value: string, choices: readonly PlaceChoice[]): string {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (choices.length === 0) return parts.join(',');
  const codes = new Set<string>();
  for (const part of parts) {
    const exact = choices.find((c) => c.code.toLowerCase() === part.toLowerCase());
    const matched = exact ? [exact] : choices.filter((c) => placeMatches(c, part));
    if (matched.length === 0) codes.add(part);
    for (const c of matched) codes.add(c.code);
  }
  return [...codes].join(',');
}
