/**
 * Finds the bytes behind a preview's media and a file's content (docs/API.md, "Media"): committed demo files under
 * DEMO_MEDIA_ROOT, or media the server makes once from a transcription (featureAudio.ts) into the media cache
 * folder, on the first request that needs it; requests arriving meanwhile wait for the same making. With ffmpeg,
 * the soundtrack is then given a picture (featurePicture.ts) and its shot changes are found by the ingest's scene
 * detection (docs/decisions/218-demo-feature-picture.md); until then, and without ffmpeg, the media is audio only.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Doc, Store } from '../storage/store';
import { DEMO_MEDIA_ROOT, mediaPath, storedMedia, type StoredMedia } from './media';
import { writeSpeechTrack, type TimedRange } from './featureAudio';
import { PICTURE_HEIGHT, PICTURE_WIDTH, writeFeaturePicture } from './featurePicture';
import { detectShotChanges } from './ingest/shots';
import type { FfmpegStatus } from './watermark/ffmpeg';

export type MediaPart = 'view' | 'peaks' | 'poster';

interface Made {
  audio: string;
  peaks: string;
}

/** A made picture: the WebM (picture and soundtrack) and the shot changes found in it. */
export interface MadePicture {
  video: string;
  /** Seconds, ascending. */
  shotChanges: number[];
  width: number;
  height: number;
}

/** What is kept beside the picture: its shot changes, and its size in bytes (a file of another size is redone). */
interface PictureFacts {
  bytes: number;
  shotChanges: number[];
}

export interface MediaLibraryOptions {
  root?: string;
  /** ffmpeg, when media may be given a picture (app.ts: the server's checked media tools); none: audio only. */
  ffmpeg?: () => Promise<FfmpegStatus>;
  /** Seconds given a picture, from the start (the rest plays its sound over the last frame); all when unset. */
  pictureSeconds?: number | undefined;
}

export class MediaLibrary {
  private readonly making = new Map<string, Promise<Made>>();
  private readonly picturing = new Map<string, Promise<MadePicture | undefined>>();
  /** Pictures known complete, so presenting a preview reads no file. */
  private readonly pictures = new Map<string, MadePicture>();
  readonly root: string;

  constructor(
    private readonly store: Store,
    /** Where media made by the server is kept (DATA_DIR/media). */
    readonly cacheDir: string,
    private readonly options: MediaLibraryOptions = {},
  ) {
    this.root = options.root ?? DEMO_MEDIA_ROOT;
  }

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
    if (!made || part === 'peaks') return made?.peaks;
    return this.pictureOf(preview._id)?.video ?? made.audio;
  }

  /** The soundtrack alone of a synthesised preview (without its picture), made when it is not yet. */
  async soundOf(preview: Doc): Promise<string | undefined> {
    const media = storedMedia(preview.media);
    return media?.synth ? (await this.made(preview._id, media))?.audio : undefined;
  }

  /**
   * The picture made for a synthesised preview, when it is complete (read from the cache folder once, then kept):
   * the presenter shows it as the preview's media. Undefined while it is being made, and without ffmpeg.
   */
  pictureOf(previewId: string): MadePicture | undefined {
    const known = this.pictures.get(previewId);
    if (known) return known;
    const found = this.readPicture(previewId);
    if (found) this.pictures.set(previewId, found);
    return found;
  }

  /** Whether the picture of a synthesised preview is being made now (its record says a picture is on its way). */
  pictureInProgress(previewId: string): boolean {
    return this.picturing.has(previewId);
  }

  /**
   * Makes the picture of a synthesised preview (after its soundtrack), unless a complete one is cached; one making
   * per preview at a time, which a second call joins. Undefined without ffmpeg or for a preview that is not made.
   */
  async picture(preview: Doc): Promise<MadePicture | undefined> {
    const media = storedMedia(preview.media);
    if (!media?.synth) return undefined;
    const cached = this.pictureOf(preview._id);
    if (cached) return cached;
    const status = await this.options.ffmpeg?.();
    if (!status || status.problem) return undefined;
    let pending = this.picturing.get(preview._id);
    if (!pending) {
      pending = this.makePicture(preview._id, media, status.path).finally(() => this.picturing.delete(preview._id));
      this.picturing.set(preview._id, pending);
    }
    return pending;
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
        if (preview) {
          await this.previewFile(preview, 'view');
          await this.picture(preview);
        }
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

  private picturePaths(id: string) {
    const video = mediaPath(this.cacheDir, `${id}.webm`);
    const facts = mediaPath(this.cacheDir, `${id}.picture.json`);
    return video && facts ? { video, facts } : undefined;
  }

  /** A complete cached picture: its facts readable and its file of the size they name; else undefined (redone). */
  private readPicture(id: string): MadePicture | undefined {
    const paths = this.picturePaths(id);
    if (!paths) return undefined;
    try {
      const facts = JSON.parse(fs.readFileSync(paths.facts, 'utf8')) as Partial<PictureFacts>;
      const complete =
        typeof facts.bytes === 'number' &&
        Array.isArray(facts.shotChanges) &&
        facts.shotChanges.every((t) => typeof t === 'number') &&
        fs.statSync(paths.video).size === facts.bytes;
      return complete
        ? { video: paths.video, shotChanges: facts.shotChanges!, width: PICTURE_WIDTH, height: PICTURE_HEIGHT }
        : undefined;
    } catch {
      return undefined; // missing or unreadable: made again
    }
  }

  private async makePicture(id: string, media: StoredMedia, ffmpeg: string): Promise<MadePicture | undefined> {
    const made = await this.made(id, media);
    const paths = this.picturePaths(id);
    if (!made || !paths) return undefined;
    // Written under a temporary name; the facts (naming the finished file's size) last, so a file cut short by a
    // crash, or changed since, does not match them and is made again.
    const partial = `${paths.video}.${process.pid}.part.webm`;
    try {
      await writeFeaturePicture({
        ffmpeg,
        audio: made.audio,
        duration: Math.min(media.duration, this.options.pictureSeconds ?? media.duration),
        output: partial,
      });
      // The ingest's own scene detection (ingest/shots.ts): the same marks an uploaded video would get.
      const shotChanges = await detectShotChanges(ffmpeg, partial);
      await fs.promises.rename(partial, paths.video);
      const facts: PictureFacts = { bytes: (await fs.promises.stat(paths.video)).size, shotChanges };
      await fs.promises.writeFile(`${paths.facts}.${process.pid}.part`, JSON.stringify(facts));
      await fs.promises.rename(`${paths.facts}.${process.pid}.part`, paths.facts);
    } finally {
      await fs.promises.rm(partial, { force: true });
    }
    const picture = this.readPicture(id);
    if (picture) this.pictures.set(id, picture);
    return picture;
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
