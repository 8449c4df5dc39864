/**
 * Who sees a preview with a watermark burnt in (docs/API.md, "Watermarks"): THE one place of that decision.
 *
 * For now: staff — admins and the coordinators of the preview's studio — see the clean preview; everyone else gets
 * the studio's mark. When preview grants land (a permission `access.previews` of `watermarked`, `clean` or `none`),
 * this function answers from the grant instead; its callers (the preview links and the media route) stay as they are.
 */
import type { Caller } from '../types';
import type { Doc } from '../../storage/store';
import { inStudioScope } from '../access';

export interface WatermarkDecision {
  /** The studio's `previewWatermarkFormat` as stored (blank or absent: text.ts's default). */
  format: string | undefined;
}

/**
 * The mark `caller` gets on previews of `asset` (a preview's parent) in `studio`, or undefined for the clean
 * preview. `asset` is unused until grants decide per asset; it is here so the callers already pass it.
 */
export function watermarkFor(
  caller: Caller,
  _asset: Doc | undefined,
  studio: Doc | undefined,
): WatermarkDecision | undefined {
  if (inStudioScope(caller, studio?._id)) return undefined; // staff: admins, the studio's coordinators
  const format = studio?.previewWatermarkFormat;
  return { format: typeof format === 'string' ? format : undefined };
}
