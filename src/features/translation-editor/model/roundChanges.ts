/** What changed between two review rounds, line by line (by line number): for the reviewer's diff. Pure. */
import type { RoundLine } from '../../../api/schema/round';

export interface LineChange {
  number: number;
  before: string;
  after: string;
}

/** The lines whose text differs between `before` and `after` (a line new or gone counts, with '' on its missing side). */
export function roundChanges(before: readonly RoundLine[], after: readonly RoundLine[]): LineChange[] {
  const was = new Map(before.filter((l) => typeof l.number === 'number').map((l) => [l.number!, l.text ?? '']));
  const changes: LineChange[] = [];
  const seen = new Set<number>();
  for (const l of after) {
    if (typeof l.number !== 'number') continue;
    seen.add(l.number);
    const old = was.get(l.number) ?? '';
    if (old !== (l.text ?? '')) changes.push({ number: l.number, before: old, after: l.text ?? '' });
  }
  for (const [number, text] of was)
    if (!seen.has(number) && text !== '') changes.push({ number, before: text, after: '' });
  return changes.sort((a, b) => a.number - b.number);
}
