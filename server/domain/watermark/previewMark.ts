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
import { watermarkFor } from './policy';
import type { MarkKind } from './ffmpeg';

const KINDS: Record<string, MarkKind> = {
  '.webm': 'video',
  '.mp4': 'video',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.png': 'image',
};

const kindOf = (file: string): MarkKind | undefined => KINDS[/\.[a-z0-9]+$/i.exec(file)?.[0].toLowerCase() ?? ''];

/** The file a preview media link serves: `file` itself, or the viewer's marked copy of it. */
export async function previewFileFor(
  services: Pick<Services, 'store' | 'watermarks' | 'media'>,
  preview: Doc,
  file: string,
  viewer: Caller,
  grants: Grants,
): Promise<string> {
  const kind = kindOf(file);
  if (!kind) return file;
  const user = viewer.user;
  const [asset, studio] = await Promise.all([
    typeof preview.asset === 'string' ? services.store.get<Doc>('Assets', preview.asset) : undefined,
    typeof preview.studio === 'string' ? services.store.get<Doc>('Studios', preview.studio) : undefined,
  ]);
  const mark = watermarkFor(grants, asset?.doc, studio?.doc);
  if (!mark) return file;
  const media = storedMedia(preview.media);
  // The 90-minute picture the server made for synthesised sound (docs/decisions/218) is not burnt per viewer (past
  // the marking's time limit): a viewer who must get a mark hears the sound alone, as before it had a picture.
  if (media?.synth) return (await services.media.soundOf(preview)) ?? file;
  return services.watermarks.markedFile({
    source: file,
    kind,
    viewer: { id: user._id, name: typeof user.name === 'string' ? user.name : '', email: String(user.username ?? '') },
    format: mark.format,
    width: media?.width,
    height: media?.height,
  });
}
