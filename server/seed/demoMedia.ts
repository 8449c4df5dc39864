/**
 * Real media in the demo set (docs/decisions/122-media-files-signed-links.md): which assets have clips, and the pass
 * that wires the committed media files (server/media/demo/, made by scripts/make-demo-media.ts) into the seeded
 * documents.
 *
 * The pass runs after the demo is built and draws nothing from the seeded PRNG, so every id and value of the rest
 * of the demo stays as it was. For each clip asset it keeps the lines of the asset's transcriptions and
 * translations that end inside the clip (speech in the clip's audio lines up with them: the script speaks exactly
 * these lines at their times), refreshes the work requests' translation summaries and the shares' `length`, and
 * gives the asset's newest preview its `media`. Every asset thumbnail file gets its `content` (the committed JPEG).
 *
 * Stored shapes (internal; the presenters turn them into signed links, docs/API.md "Media"):
 * - Files: `content` = a file name under the media root (`thumbs/<file name>`).
 * - Previews: `media` = StoredMedia (server/domain/media.ts).
 */
import type { Collection, Doc } from '../storage/store';
import { lineStats, summarize } from '../domain/translations';
import type { StoredMedia } from '../domain/media';

export interface DemoClip {
  /** The project's file prefix (PROJECTS in demo.ts). */
  project: string;
  /** The asset's name in that project. */
  asset: string;
  /** The clip's length in seconds; lines ending later than CLIP_TAIL before it are dropped. */
  seconds: number;
  /** Base name of the clip's files under the media root. */
  name: string;
}

/** Assets with a clip, chosen among those the demo translator works on. */
export const DEMO_CLIPS: readonly DemoClip[] = [
  { project: 'KOS', asset: 'Main Trailer 2', seconds: 110, name: 'kos-main-trailer-2' },
  { project: 'PPL', asset: 'Clip: Lantern Festival', seconds: 75, name: 'ppl-clip-lantern-festival' },
  { project: 'GLO', asset: 'TV Spot 30s', seconds: 30, name: 'glo-tv-spot-30s' },
];

/** The clips' encoding (scripts/make-demo-media.ts encodes with these). */
export const CLIP_FORMAT = { mime: 'video/webm', width: 640, height: 360, frameRate: 25 } as const;
/** Seconds of the clip's end left without lines. */
export const CLIP_TAIL = 0.5;

export const clipFiles = (c: DemoClip) => ({
  video: `${c.name}.webm`,
  poster: `${c.name}.jpg`,
  peaks: `${c.name}.peaks.json`,
});
export const thumbnailContent = (fileName: string) => `thumbs/${fileName}`;

type Docs = Record<Collection, Doc[]>;

export function clipMedia(c: DemoClip): StoredMedia {
  const files = clipFiles(c);
  return {
    file: files.video,
    poster: files.poster,
    peaks: files.peaks,
    mime: CLIP_FORMAT.mime,
    duration: c.seconds,
    width: CLIP_FORMAT.width,
    height: CLIP_FORMAT.height,
    frameRate: CLIP_FORMAT.frameRate,
  };
}

/** The asset a clip belongs to, in built documents. */
export function clipAsset(docs: Docs, c: DemoClip): Doc {
  const project = docs.Projects.find((p) => p.filePrefix === c.project);
  const asset = project && docs.Assets.find((a) => a.project === project._id && a.name === c.asset);
  if (!asset) throw new Error(`demo media: no asset "${c.asset}" in project ${c.project}`);
  return asset;
}

/** The asset's newest preview (highest revision number). */
function newestPreview(docs: Docs, asset: Doc): Doc | undefined {
  const revision = (p: Doc) => (typeof p.revision === 'string' ? Number(p.revision.replace(/^v/, '')) || 0 : 0);
  return docs.Previews.filter((p) => p.asset === asset._id).sort((a, b) => revision(b) - revision(a))[0];
}

/** Keeps the lines that end inside the clip, in every transcription and translation of the asset. */
function trimToClip(docs: Docs, asset: Doc, seconds: number): void {
  const trimmed = new Map<string, Doc>();
  for (const t of docs.Translations) {
    if (t.asset !== asset._id || !Array.isArray(t.lines)) continue;
    t.lines = (t.lines as { range: [number, number] }[]).filter((l) => l.range[1] <= seconds - CLIP_TAIL);
    Object.assign(t, lineStats(t.lines as { text?: string }[]));
    trimmed.set(t._id, t);
  }
  for (const wr of docs.Workrequests) {
    for (const [field, summary] of [
      ['translation', 'translationSummary'],
      ['graphicsTranslation', 'graphicsTranslationSummary'],
    ] as const) {
      const t = trimmed.get(wr[field] as string);
      if (t) wr[summary] = summarize(t);
    }
  }
  for (const s of docs.Shares) {
    for (const a of (s.assets ?? []) as { _id: string; length?: number }[]) if (a._id === asset._id) a.length = seconds;
  }
}

/** Wires the committed demo media into built demo documents (in place). */
export function attachDemoMedia(docs: Docs): void {
  for (const f of docs.Files) {
    if (Array.isArray(f.tags) && f.tags.includes('thumbnail') && typeof f.name === 'string') {
      f.content = thumbnailContent(f.name);
    }
  }
  for (const c of DEMO_CLIPS) {
    const asset = clipAsset(docs, c);
    trimToClip(docs, asset, c.seconds);
    const preview = newestPreview(docs, asset);
    if (preview) preview.media = clipMedia(c);
  }
}
