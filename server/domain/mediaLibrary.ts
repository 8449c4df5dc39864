/**
 * Finds the bytes behind a preview's media and a file's content (docs/API.md, "Media"): committed demo files under
 * DEMO_MEDIA_ROOT, or media the server makes once from a transcription (featureAudio.ts) into the media cache
 * folder, on the first request that needs it; requests arriving meanwhile wait for the same making.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Doc, Store } from '../storage/store';
import { DEMO_MEDIA_ROOT, mediaPath, storedMedia, type StoredMedia } from './media';
import { writeSpeechTrack, type TimedRange } from './featureAudio';

export type MediaPart = 'view' | 'peaks' | 'poster';

interface Made {
  audio: string;
  peaks: string;
}

export class MediaLibrary {
  private readonly making = new Map<string, Promise<Made>>();

  constructor(
    private readonly store: Store,
    /** Where media made by the server is kept (DATA_DIR/media). */
    readonly cacheDir: string,
    readonly root: string = DEMO_MEDIA_ROOT,
  ) {}

  /** The file of a preview's media part, or undefined when the preview has none. */
  async previewFile(preview: Doc, part: MediaPart): Promise<string | undefined> {
    const media = storedMedia(preview.media);
    if (!media) return undefined;
    if (media.file !== undefined) {
      const name = part === 'view' ? media.file : part === 'peaks' ? media.peaks : media.poster;
      return mediaPath(this.root, name);
    }
    if (part === 'poster') return undefined;
    const made = await this.made(preview._id, media);
    return made && (part === 'view' ? made.audio : made.peaks);
  }

  /**
   * Makes the media of these previews now, one after another, so that their first viewer does not wait (a fresh
   * demo's 90-minute feature takes seconds of CPU, more on a busy machine). A request meanwhile joins the making
   * under way. Failures are logged, not thrown: the request path makes the media again when asked.
   */
  async prepare(previewIds: readonly string[], log: (message: string) => void = console.warn): Promise<void> {
    for (const id of previewIds) {
      try {
        const preview = (await this.store.get<Doc>('Previews', id))?.doc;
        if (preview) await this.previewFile(preview, 'view');
      } catch (error) {
        log(`Could not prepare the media of preview ${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** The image or other bytes a file record names in `content`. */
  fileContent(file: Doc): string | undefined {
    return mediaPath(this.root, file.content);
  }

  private async made(id: string, media: StoredMedia): Promise<Made | undefined> {
    const audio = mediaPath(this.cacheDir, `${id}.wav`);
    const peaks = mediaPath(this.cacheDir, `${id}.peaks.json`);
    const source = media.synth?.transcription;
    if (!audio || !peaks || !source) return undefined;
    if (fs.existsSync(audio) && fs.existsSync(peaks)) return { audio, peaks };
    let pending = this.making.get(id);
    if (!pending) {
      pending = this.make(source, media.duration, { audio, peaks }).finally(() => this.making.delete(id));
      this.making.set(id, pending);
    }
    return pending;
  }

  private async make(transcription: string, duration: number, target: Made): Promise<Made> {
    const lines = (await this.store.get<Doc>('Translations', transcription))?.doc.lines;
    const ranges = (Array.isArray(lines) ? lines : []).filter(
      (l: Partial<TimedRange>): l is TimedRange =>
        Array.isArray(l.range) && typeof l.range[0] === 'number' && typeof l.range[1] === 'number',
    );
    await fs.promises.mkdir(this.cacheDir, { recursive: true });
    // Written under temporary names and renamed, so a reader never sees half a file (nor does a crash leave one).
    const partial = { audio: `${target.audio}.${process.pid}.part`, peaks: `${target.peaks}.${process.pid}.part` };
    await writeSpeechTrack(ranges, duration, partial.audio, partial.peaks);
    await fs.promises.rename(partial.peaks, target.peaks);
    await fs.promises.rename(partial.audio, target.audio);
    return target;
  }
}

/** The default media cache folder beside the database. */
export const mediaCacheDir = (dataDir: string) => path.join(path.resolve(dataDir), 'media');
