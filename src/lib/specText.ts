/**
 * A delivery specification in words (docs/API.md "Delivery specifications"): its key numbers in one line, and why it
 * applies to an order. One wording for the order wizard's picker, the edit dialog, the editor's Limits and Checks.
 */
import { SPEC_LIMITS, SPEC_LIMIT_FIELDS, type AppliedSpec, type SpecLimits } from '../api/schema/deliverySpec';
import { plural } from './format';

/** "42 characters × 2 lines, 20 characters/s, 833–7000 ms, 2 frames gap". */
export function specNumbers(s: SpecLimits): string {
  return (
    `${s.maxCharsPerLine} characters × ${plural(s.maxLinesPerSubtitle, 'line')}, ${s.maxCharsPerSecond} characters/s, ` +
    `${s.minDurationMs}–${s.maxDurationMs} ms, ${plural(s.minGapFrames, 'frame')} gap`
  );
}

/** Each limit with its label and unit, in the spec's order: [label, "42 characters"]. */
export function specLimitRows(s: Partial<SpecLimits>): [string, string][] {
  return SPEC_LIMIT_FIELDS.flatMap((key) => {
    const v = s[key];
    return typeof v === 'number' ? [[SPEC_LIMITS[key].label, `${v} ${SPEC_LIMITS[key].unit}`] as [string, string]] : [];
  });
}

/** What a spec is narrowed to: "studio default", "project, language fr". */
export function specScope(s: { project?: unknown; client?: unknown; language?: string | undefined }): string {
  const parts = [s.project ? 'project' : '', s.client ? 'client' : '', s.language ? `language ${s.language}` : ''];
  const narrowed = parts.filter(Boolean);
  return narrowed.length === 0 ? 'studio default' : narrowed.join(', ');
}

/** Why this spec applies, for whoever works by it. */
export function appliedSpecSource(applied: Pick<AppliedSpec, 'chosen' | 'spec'>): string {
  if (applied.chosen === 'order') return 'Named on the order by its coordinator.';
  if (applied.chosen === 'match')
    return `The studio’s most specific spec for this order (${specScope(applied.spec ?? {})}); the order names none.`;
  return 'The built-in limits: the order names no spec and none of the studio’s matches it.';
}
