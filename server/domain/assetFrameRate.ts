/**
 * The frame rate of an asset as the server's checks use it (docs/API.md "Frames"; docs/decisions/190): its newest
 * ingested video File's (ffprobe's), else its newest preview's media, else the rate its record states, else 24 fps —
 * the editor's choice (src/features/translation-editor/model/frames.ts) over the stored records, so a gap limit in
 * frames means the same time to the editor and to Submit.
 */
import type { Doc, StoreOps } from '../storage/store';
import { isRecordId } from '../storage/store';
import { chooseAssetFps, statedFrameRate, type FrameRateSource } from '../../src/api/schema/qc/frameRate';
import { storedMedia } from './media';
import type { IngestRecord } from './ingest/ingest';

/** Files and previews read per asset (an asset has a handful; a long run of cuts stays far below). */
const MAX_PER_ASSET = 1000;

/** ffprobe's rate of the newest successfully ingested video among an asset's Files. */
export function ingestedVideoFps(files: readonly Doc[]): number | undefined {
  let newest: IngestRecord | undefined;
  for (const f of files) {
    const ingest = f.ingest as IngestRecord | undefined;
    if (ingest?.state !== 'succeeded' || ingest.probe?.type !== 'video') continue;
    if (!newest || (ingest.finished ?? 0) > (newest.finished ?? 0)) newest = ingest;
  }
  return newest?.probe?.frameRate;
}

/** The media frame rate of the newest preview that has media (highest revision, numbers as numbers; then newest). */
export function newestPreviewFps(previews: readonly Doc[]): number | undefined {
  const withMedia = previews.filter((p) => storedMedia(p.media) !== undefined);
  const revision = (p: Doc) => (typeof p.revision === 'string' ? p.revision : '');
  withMedia.sort(
    (a, b) =>
      revision(b).localeCompare(revision(a), 'en', { numeric: true }) ||
      Number(b.created ?? 0) - Number(a.created ?? 0),
  );
  return withMedia[0] ? storedMedia(withMedia[0].media)?.frameRate : undefined;
}

/** The asset's frame rate and where it came from; `asset` is the asset's record (or an order's copy of it). */
export async function assetFrameRateOf(
  tx: StoreOps,
  asset: Record<string, unknown> | undefined,
): Promise<{ fps: number; source: FrameRateSource }> {
  const id = asset?._id;
  if (typeof id !== 'string' || !isRecordId(id)) return chooseAssetFps(undefined, statedFrameRate(asset));
  const byAsset = { filters: [{ field: 'asset', op: 'eq' as const, value: id }], offset: 0, limit: MAX_PER_ASSET };
  const files = await tx.list<Doc>('Files', { ...byAsset, omit: ['warnings'] });
  const videoFps = ingestedVideoFps(files.items) ?? newestPreviewFps((await tx.list<Doc>('Previews', byAsset)).items);
  return chooseAssetFps(videoFps, statedFrameRate(asset));
}
