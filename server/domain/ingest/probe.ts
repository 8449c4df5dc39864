/**
 * What a file is, as ffprobe reads it (docs/API.md "Ingest"): the kind of media, its duration, frame size and rate,
 * its audio; and what is worth a warning before the file is used (unreadable, variable frame rate, no audio, …).
 * Parsing and judging are pure functions of ffprobe's JSON, so they are tested without media.
 */
import { runMediaTool } from '../watermark/ffmpeg';

export type MediaType = 'video' | 'audio' | 'image';

/** The probe facts stored on the File (`ingest.probe`). */
export interface ProbeFacts {
  type: MediaType;
  /** ffprobe's container name (`mov,mp4,m4a,3gp,3g2,mj2`, `wav`, `png_pipe`). */
  format: string;
  /** Seconds; absent for a still image. */
  duration?: number;
  width?: number;
  height?: number;
  /** Frames per second (the stream's average; rounded to 3 decimals). */
  frameRate?: number;
  /** True when the average and the nominal frame rates differ (variable frame rate). */
  variableFrameRate?: boolean;
  videoCodec?: string;
  /** The first audio stream, or null when there is none. */
  audio: { codec: string; channels: number; sampleRate: number; streams: number } | null;
}

export interface IngestWarning {
  code: 'unreadable' | 'variable_frame_rate' | 'no_audio' | 'no_video' | 'short' | 'odd_frame_size';
  message: string;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  channels?: number;
  sample_rate?: string;
  nb_frames?: string;
  disposition?: { attached_pic?: number };
}
interface RawProbe {
  streams?: RawStream[];
  format?: { format_name?: string; duration?: string };
}

/** Container names ffprobe gives still images (image2 for JPEG/TIFF/DPX/EXR sequences of one, *_pipe otherwise). */
const STILL_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe|gif)(,|$)/;

/** `30000/1001` → 29.97; 0/0 or nonsense → undefined. */
export function rate(fraction: string | undefined): number | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(fraction ?? '');
  if (!m || Number(m[2]) === 0 || Number(m[1]) === 0) return undefined;
  return Math.round((Number(m[1]) / Number(m[2])) * 1000) / 1000;
}

const positive = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n > 0 ? n : undefined);

/** The facts from ffprobe's `-show_format -show_streams` JSON; undefined when it holds no picture and no sound. */
export function factsOf(raw: RawProbe): ProbeFacts | undefined {
  const streams = raw.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const audios = streams.filter((s) => s.codec_type === 'audio');
  const format = raw.format?.format_name ?? '';
  const duration = positive(Number(raw.format?.duration));
  if (!video && audios.length === 0) return undefined;
  const first = audios[0];
  const audio = first
    ? {
        codec: first.codec_name ?? 'unknown',
        channels: first.channels ?? 0,
        sampleRate: Number(first.sample_rate ?? 0),
        streams: audios.length,
      }
    : null;
  if (!video) return { type: 'audio', format, ...(duration ? { duration } : {}), audio };
  const still = STILL_FORMAT.test(format) || (video.nb_frames === '1' && !audio);
  const size = { width: video.width ?? 0, height: video.height ?? 0, videoCodec: video.codec_name ?? 'unknown' };
  if (still) return { type: 'image', format, ...size, audio: null };
  const nominal = rate(video.r_frame_rate);
  const average = rate(video.avg_frame_rate);
  const frameRate = average ?? nominal;
  return {
    type: 'video',
    format,
    ...(duration ? { duration } : {}),
    ...size,
    ...(frameRate ? { frameRate } : {}),
    // Containers without timestamps per frame give no average; the two agree within 0.5% for constant rates.
    variableFrameRate: nominal !== undefined && average !== undefined && Math.abs(nominal - average) / nominal > 0.005,
    audio,
  };
}

/** What to warn of, given the facts and the declared type family (a `.wav` should hold sound, a `.mov` a picture). */
export function warningsOf(facts: ProbeFacts, declaredMime: string): IngestWarning[] {
  const warnings: IngestWarning[] = [];
  const family = declaredMime.split('/')[0];
  if (facts.type === 'video' && facts.variableFrameRate) {
    warnings.push({
      code: 'variable_frame_rate',
      message: 'variable frame rate: subtitle timing may drift; ask for a constant-frame-rate export',
    });
  }
  if (facts.type === 'video' && facts.audio === null) {
    warnings.push({ code: 'no_audio', message: 'the video has no audio track' });
  }
  if (family === 'video' && facts.type === 'audio') {
    warnings.push({ code: 'no_video', message: 'declared as a video, but the file holds only sound' });
  }
  if (facts.type !== 'image' && facts.duration !== undefined && facts.duration < 1) {
    warnings.push({ code: 'short', message: `only ${facts.duration.toFixed(2)} s long` });
  }
  if (facts.type === 'video' && ((facts.width ?? 0) % 2 === 1 || (facts.height ?? 0) % 2 === 1)) {
    warnings.push({ code: 'odd_frame_size', message: `odd frame size ${facts.width}×${facts.height}` });
  }
  return warnings;
}

export const UNREADABLE: IngestWarning = {
  code: 'unreadable',
  message: 'not readable as audio, video or an image: the file may be damaged or of another kind than its name says',
};

/** A probe that found no media: ffprobe's own words, for the File's `ingest.error`. */
export class Unreadable extends Error {}

/** Runs ffprobe on a local file: its facts, or Unreadable. */
export async function probe(ffprobe: string, file: string): Promise<ProbeFacts> {
  let out: string;
  try {
    out = await runMediaTool(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      timeoutMs: 120_000,
    });
  } catch (e) {
    // ffprobe could not run at all: not the file's fault (retried by the queue).
    if (e instanceof Error && / cannot be run /.test(e.message)) throw e;
    // ffprobe names the file by its path here, which is the server's business: the File's name is the reader's.
    throw new Unreadable((e instanceof Error ? e.message : String(e)).replaceAll(`${file}: `, ''));
  }
  const facts = factsOf(JSON.parse(out) as RawProbe);
  if (!facts) throw new Unreadable('ffprobe found no audio or video stream');
  return facts;
}
