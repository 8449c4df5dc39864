/** A work request named in words for a person: in the bulk dialogs, their summaries and the selection boxes. */
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';

/** How a row is named in a bulk dialog or summary: its asset, language and territory ("Main Trailer · fr-FR FR"). */
export function rowName(row: WorkRequestRow): string {
  const where = [row.language, row.territory].filter(Boolean).join(' ');
  return [row.asset?.name || 'Untitled asset', where].filter(Boolean).join(' · ');
}
