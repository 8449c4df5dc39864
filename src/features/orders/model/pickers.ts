/**
 * The language and territory pickers' choices: names shown ("French (France)", "France & Francophone Europe"),
 * found by typing the start of a word of the name or of the code ("French", "fr" finds fr-FR and fr-CA), and the
 * territories narrowed to those whose languages include the chosen language when the data says which they are.
 */
import type { Language } from '../../../api/schema/language';
import type { Territory } from '../../../api/schema/territory';
import { foldText } from '../../../lib/foldText';
import { sameLanguage } from '../../../api/schema/permission';

export interface Choice {
  /** What is sent: a language code, a territory name. */
  value: string;
  /** What a person reads. */
  label: string;
}

/** True when the query starts the code or a word of the label (every typed word must start one). */
export function matchesChoice(choice: Choice, query: string): boolean {
  const words = foldText(query)
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
  if (!words.length) return true;
  const code = foldText(choice.value);
  const labelWords = foldText(choice.label)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((w) => code.startsWith(w) || labelWords.some((lw) => lw.startsWith(w)));
}

export function languageChoices(languages: readonly Language[], requestable: readonly string[] = []): Choice[] {
  // The languages the viewer's grant lets them order in ($permissions.sources.requests), when it names any.
  const allowed = (code: string) => requestable.length === 0 || requestable.some((l) => sameLanguage(l, code));
  return languages
    .flatMap((l) => (l.code && allowed(l.code) ? [{ value: l.code, label: l.name || l.code }] : []))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The label of a language code ("French (France)"), the code itself when unknown. */
export function choiceLabel(choices: readonly Choice[], value: string): string {
  return choices.find((c) => c.value === value)?.label ?? value;
}

function territoryLanguages(t: Territory): string[] {
  return [...(t.languages ?? []), ...(t.assignedLanguages ?? [])].filter((l): l is string => typeof l === 'string');
}

/**
 * The territories offered for a language: those whose languages include it, when at least one territory lists
 * languages (`narrowed`); all of them when none does, or when none lists this language (the data says nothing then).
 */
export function territoryChoices(
  territories: readonly Territory[],
  language: string,
): { choices: Choice[]; narrowed: boolean } {
  const all = territories
    .flatMap((t) => (t.name ? [{ value: t.name, label: t.displayName || t.name, langs: territoryLanguages(t) }] : []))
    .sort((a, b) => a.label.localeCompare(b.label));
  const matching = language ? all.filter((t) => t.langs.includes(language)) : [];
  const list = matching.length ? matching : all;
  return { choices: list.map(({ value, label }) => ({ value, label })), narrowed: matching.length > 0 };
}
