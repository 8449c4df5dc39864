/**
 * The hook between a preview's signed media link and its watermark (docs/API.md, "Watermarks"): which file a link
 * serves. Every link is bound to its person (docs/API.md, "Signed links"); the mark is decided when the link is
 * served, on that person's current grants and the studio's current format: a viewer who must get a mark gets their
 * marked copy of the picture (the clip, a still image, the poster); audio and peaks have no picture and are served as
 * they are. `{user.email}` is the account's username (an e-mail address in this service).
 */
import type { Doc } from '../../storage/store';
import type { Caller } from '../types';
import type { Services } from '../../context';
import type { Grants } from '../grants';
import { storedMedia } from '../media';
import type { MadePicture } from '../mediaLibrary';
import { watermarkFor } from './policy';
import type { MarkKind } from './ffmpeg';
import type { MarkRequest } from './watermarks';

const KINDS: Record<string, MarkKind> = {
  '.webm': 'video',
  '.mp4': 'video',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.png': 'image',
};

const kindOf = (file: string): MarkKind | undefined => KINDS[/\.[a-z0-9]+$/i.exec(file)?.[0].toLowerCase() ?? ''];

type MarkServices = Pick<Services, 'store' | 'watermarks' | 'media'>;

/** The copy `viewer` must get of `file` (a picture of `preview`), or undefined when they see it as it is. */
async function markRequestFor(
  services: MarkServices,
  preview: Doc,
  file: string,
  viewer: Caller,
  grants: Grants,
  size: { width?: number | undefined; height?: number | undefined },
): Promise<MarkRequest | undefined> {
  const kind = kindOf(file);
  if (!kind) return undefined;
  const user = viewer.user;
  const [asset, studio] = await Promise.all([
    typeof preview.asset === 'string' ? services.store.get<Doc>('Assets', preview.asset) : undefined,
    typeof preview.studio === 'string' ? services.store.get<Doc>('Studios', preview.studio) : undefined,
  ]);
  const mark = watermarkFor(grants, asset?.doc, studio?.doc);
  if (!mark) return undefined;
  return {
    source: file,
    kind,
    viewer: { id: user._id, name: typeof user.name === 'string' ? user.name : '', email: String(user.username ?? '') },
    format: mark.format,
    ...size,
  };
}

/**
 * The picture the server made for a synthesised preview (docs/decisions/218), as `viewer` gets it: the WebM itself,
 * their marked copy once made (90 minutes are made ahead, not while a request waits: Watermarks.copyAhead, started
 * by this asking), or `making` while that copy is made, `unavailable` when it cannot be (they hear the sound alone).
 */
export async function synthPictureFor(
  services: MarkServices,
  preview: Doc,
  picture: MadePicture,
  viewer: Caller,
  grants: Grants,
): Promise<{ file: string } | { state: 'making' | 'unavailable' }> {
  const { width, height } = picture;
  const request = await markRequestFor(services, preview, picture.video, viewer, grants, { width, height });
  return request ? services.watermarks.copyAhead(request) : { file: picture.video };
}

/** A synthesised preview's picture as one viewer sees it in the preview record. */
export interface SynthPicture {
  /** The picture the server made, once complete (its shot changes are the film's, whoever watches). */
  made: MadePicture | undefined;
  /** Whether this viewer's link serves it (the WebM, or their marked copy of it). */
  shown: boolean;
  /** Whether it is on its way: being made, or (for a viewer who must get a mark) their copy being made. */
  pending: boolean;
}

export async function synthPictureOf(
  services: MarkServices,
  preview: Doc,
  viewer: Caller,
  grants: () => Promise<Grants>,
): Promise<SynthPicture> {
  const made = services.media.pictureOf(preview._id);
  if (!made) return { made, shown: false, pending: services.media.pictureInProgress(preview._id) };
  const shown = await synthPictureFor(services, preview, made, viewer, await grants());
  return { made, shown: 'file' in shown, pending: 'state' in shown && shown.state === 'making' };
}

/** The file a preview media link serves: `file` itself, or the viewer's marked copy of it. */
export async function previewFileFor(
  services: MarkServices,
  preview: Doc,
  file: string,
  viewer: Caller,
  grants: Grants,
): Promise<string> {
  const media = storedMedia(preview.media);
  const picture = media?.synth ? services.media.pictureOf(preview._id) : undefined;
  if (picture && file === picture.video) {
    const shown = await synthPictureFor(services, preview, picture, viewer, grants);
    return 'file' in shown ? shown.file : ((await services.media.soundOf(preview)) ?? file);
  }
  const request = await markRequestFor(services, preview, file, viewer, grants, {
    width: media?.width,
    height: media?.height,
  });
  return request ? services.watermarks.markedFile(request) : file;
}
