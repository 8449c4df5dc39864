/**
 * Who sees a preview with a watermark burnt in (docs/API.md, "Watermarks"): THE one place of that decision, from the
 * viewer's grants (domain/grants.ts): staff (admins, the studio's coordinators) and a grant of `clean` previews see
 * the preview as it is; everyone else who may watch it (a grant of `watermarked`, the work of a translator or a
 * requester) gets the studio's mark.
 */
import type { Doc } from '../../storage/store';
import { previewModeOf, type Grants } from '../grants';

export interface WatermarkDecision {
  /** The studio's `previewWatermarkFormat` as stored (blank or absent: text.ts's default). */
  format: string | undefined;
}

/** The mark the viewer with `grants` gets on previews of `asset` in `studio`, or undefined for the clean preview. */
export function watermarkFor(
  grants: Grants,
  asset: Doc | undefined,
  studio: Doc | undefined,
): WatermarkDecision | undefined {
  if (grants.kind !== 'granted') return undefined; // staff, within the scope the read check has already held
  if (asset && previewModeOf(grants, asset) === 'clean') return undefined;
  const format = studio?.previewWatermarkFormat;
  return { format: typeof format === 'string' ? format : undefined };
}
