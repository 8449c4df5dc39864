/**
 * Where a translation opens: the editor route of its work request, dialogue or graphics. The translation's `kind`
 * (an extension, docs/API.md) says which; a deployment without it leaves it to the work request (which of its two
 * translations this one is): undefined here then.
 */
import type { Translation } from '../../api/schema/translation';

export function editorPathOf(t: Pick<Translation, 'workRequest' | 'kind'>): string | undefined {
  if (!t.workRequest || (t.kind !== 'dialogue' && t.kind !== 'graphics')) return undefined;
  return editorPathFor(t.workRequest, t.kind);
}

/** The editor route of work request `workRequest`'s translation of `kind`. */
export function editorPathFor(workRequest: string, kind: 'dialogue' | 'graphics'): string {
  return `/work-requests/${encodeURIComponent(workRequest)}/${kind === 'graphics' ? 'graphics-translation' : 'translation'}`;
}
