/**
 * Where a translation opens: the editor route of its work request, dialogue or graphics. The translation's `kind`
 * (an extension, docs/API.md) says which; a deployment without it leaves it to the work request (which of its two
 * translations this one is): undefined here then.
 */
import type { Translation } from '../../api/schema/translation';
import { editorPathFor } from '../../lib/editorPath';

export function editorPathOf(t: Pick<Translation, 'workRequest' | 'kind'>): string | undefined {
  if (!t.workRequest || (t.kind !== 'dialogue' && t.kind !== 'graphics')) return undefined;
  return editorPathFor(t.workRequest, t.kind);
}
