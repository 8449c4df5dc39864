/**
 * The Subtitler's media: the asset's newest preview that has playable media (extension `GET /previews?asset=`,
 * docs/API.md "Media"), then its waveform peaks. Both are read once per editor; a missing preview is not an
 * error (the editor works without the media pane's picture).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { everyPage } from '../../api/everyPage';
import { getMediaPeaks, listPreviews } from '../../api/previews';
import { listFiles } from '../../api/files';
import type { File } from '../../api/schema/file';
import { mediaUrl } from '../../api/media';
import type { Preview } from '../../api/schema/preview';
import { translationEditorKeys } from './queries';

export interface EditorMedia {
  preview: Preview;
  /** The signed link of the media bytes (served with Range), resolved against the API's origin. */
  path: string;
  mime: string;
  duration: number | undefined;
  width: number | undefined;
  height: number | undefined;
  frameRate: number | undefined;
  /** The signed link of the peaks JSON, resolved; undefined when the server has none. */
  peaksPath: string | undefined;
  /** The signed link of a still of the video, resolved; shown before it plays. */
  posterPath: string | undefined;
  /** Shot changes in milliseconds found in a picture the server made (docs/API.md "Media"); [] when none. */
  shotChanges: number[];
  /** Served as sound now, with a picture on its way (being made, or this viewer's watermarked copy of it). */
  picturePending: boolean;
}

/** How often the preview is read again while its picture is on its way. */
export const PICTURE_PENDING_POLL_MS = 15_000;

/**
 * The newest preview whose record describes media and carries a link (the highest `revision`, numbers compared as
 * numbers, then the latest `created`: docs/API.md "Media"); undefined when none.
 */
export function newestMedia(previews: readonly Preview[]): EditorMedia | undefined {
  const withMedia = previews.filter((p) => mediaUrl(p.path) && p.media?.mime);
  withMedia.sort(
    (a, b) =>
      (b.revision ?? '').localeCompare(a.revision ?? '', 'en', { numeric: true }) ||
      (b.created ?? 0) - (a.created ?? 0),
  );
  const preview = withMedia[0];
  const path = mediaUrl(preview?.path);
  if (!preview || !path || !preview.media?.mime) return undefined;
  const { media } = preview;
  return {
    preview,
    path,
    mime: media.mime!,
    duration: media.duration,
    width: media.width,
    height: media.height,
    frameRate: media.frameRate,
    peaksPath: mediaUrl(media.peaks),
    posterPath: mediaUrl(media.poster),
    shotChanges: (media.shotChanges ?? []).map((s) => Math.round(s * 1000)),
    picturePending: media.picturePending === true,
  };
}

/**
 * The media to keep while the picture is on its way: the same record as before (its link, so the player is not
 * reloaded at every read) until a read brings the picture or another preview.
 */
export function keepWhilePending(
  old: EditorMedia | null | undefined,
  next: EditorMedia | null,
): EditorMedia | null | undefined {
  if (old?.picturePending && next?.picturePending && old.preview._id === next.preview._id) return old;
  return next;
}

/** A preview the caller is held from by an embargo on the asset's files (docs/API.md "Embargoes"). */
export interface HeldPreview {
  /** When it lifts (Unix seconds); null: when an admin lifts it (an event). */
  until: number | null;
}

/** The asset's previews as the editor reads them: the media it plays, or why there is none it may play. */
export interface EditorMediaRead {
  media: EditorMedia | null;
  /** Set when no media plays because a preview with media is held by an embargo. */
  held: HeldPreview | null;
}

/** The first preview held from the caller by an embargo (it has no link for them), or null. */
export function heldPreview(previews: readonly Preview[]): HeldPreview | null {
  const held = previews.find((p) => p.$embargo?.locked);
  return held ? { until: held.$embargo?.until ?? null } : null;
}

const mediaKey = (asset: string) => [...translationEditorKeys.all, 'media', asset] as const;

export function editorMediaOptions(asset: string) {
  return queryOptions({
    queryKey: mediaKey(asset),
    queryFn: async ({ signal }): Promise<EditorMediaRead> => {
      // Every page: the list is in the server's order (oldest first here), so the newest of an asset with more than
      // one page of previews (a long run of cuts) is on a later page.
      const previews = await everyPage((offset) => listPreviews(asset, { offset, size: 100, signal }));
      const media = newestMedia(previews) ?? null;
      return { media, held: media ? null : heldPreview(previews) };
    },
    retry: 1,
    // A picture on its way (docs/API.md "Media"): read again until it comes, then the player switches to it.
    refetchInterval: (query) => (query.state.data?.media?.picturePending ? PICTURE_PENDING_POLL_MS : false),
    structuralSharing: (old, next) => {
      const before = old as EditorMediaRead | undefined;
      const read = next as EditorMediaRead;
      return before?.media && keepWhilePending(before.media, read.media) === before.media ? before : read;
    },
    // The signed links last an hour (docs/API.md "Signed links"): read again well before they expire.
    staleTime: 30 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useEditorMedia(asset: string | undefined) {
  return useQuery({
    ...editorMediaOptions(asset ?? ''),
    enabled: asset !== undefined,
    select: (read: EditorMediaRead) => read.media,
  });
}

/** Whether the asset's preview is held from the caller by an embargo, and until when (null: it is not). */
export function useHeldPreview(asset: string | undefined): HeldPreview | null {
  return (
    useQuery({
      ...editorMediaOptions(asset ?? ''),
      enabled: asset !== undefined,
      select: (read: EditorMediaRead) => read.held,
    }).data ?? null
  );
}

export interface IngestedVideo {
  /** Shot changes in milliseconds, ascending. */
  shotChanges: number[];
  /** ffprobe's frame rate of the video. */
  frameRate: number | undefined;
}

/**
 * What the ingest found in the asset's newest ingested video File (`$ingest`, docs/API.md "Ingest"): its shot
 * changes and frame rate; no shot changes and no rate when no video of the asset was ingested.
 */
export function ingestedVideoOf(files: readonly File[]): IngestedVideo {
  const videos = files.filter((f) => f.$ingest?.state === 'succeeded' && f.$ingest.probe?.type === 'video');
  videos.sort((a, b) => (b.$ingest?.finished ?? 0) - (a.$ingest?.finished ?? 0));
  const ingest = videos[0]?.$ingest;
  return {
    shotChanges: (ingest?.shotChanges ?? []).map((s) => Math.round(s * 1000)),
    frameRate: ingest?.probe?.frameRate,
  };
}

export function useIngestedVideo(asset: string | undefined) {
  return useQuery({
    queryKey: [...translationEditorKeys.all, 'ingested-video', asset ?? ''],
    queryFn: async ({ signal }) =>
      ingestedVideoOf(await everyPage((offset) => listFiles(asset ?? '', { offset, size: 100, signal }))),
    enabled: asset !== undefined,
    staleTime: 30 * 60_000,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

/**
 * The asset's shot changes (ms): its newest ingested video's, else those of the picture the server made for its
 * preview (the synthesised demo feature, docs/decisions/218); undefined while neither is known.
 */
export function useShotChanges(asset: string | undefined): number[] | undefined {
  const ingested = useIngestedVideo(asset).data?.shotChanges;
  const made = useEditorMedia(asset).data?.shotChanges;
  return ingested?.length ? ingested : (made ?? ingested);
}

export function usePeaks(path: string | undefined) {
  return useQuery({
    queryKey: [...translationEditorKeys.all, 'peaks', path ?? ''],
    queryFn: ({ signal }) => getMediaPeaks(path ?? '', signal),
    enabled: path !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
