/**
 * What ingest makes of a file (docs/API.md "Ingest"): a thumbnail (a 320×180 JPEG, letterboxed, of a frame a little
 * into the clip) and a web preview proxy any browser plays (H.264/AAC MP4 at most 640×360, `+faststart` so playback
 * starts before the whole file is read; for sound alone, AAC in an M4A). One thread each: the machine is shared with
 * requests, and a 60 s clip's proxy takes a few seconds (docs/BENCHMARKS.md, "Ingest").
 */
import { runMediaTool } from '../watermark/ffmpeg';
import type { ProbeFacts } from './probe';

/** A proxy of a feature-length file may take a while on one thread; past this it is given up (and retried). */
const PROXY_TIMEOUT_MS = 60 * 60_000;
const THUMBNAIL_TIMEOUT_MS = 120_000;

const COMMON = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-threads', '1'];

/** The second the thumbnail is taken at: 1 s in, or a tenth of a shorter clip. */
export function thumbnailAt(facts: ProbeFacts): number {
  const duration = facts.duration ?? 0;
  return facts.type === 'video' ? Math.min(1, duration / 10) : 0;
}

export function thumbnailArgs(source: string, output: string, facts: ProbeFacts): string[] {
  const fit = 'scale=320:180:force_original_aspect_ratio=decrease,pad=320:180:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1';
  return [
    ...COMMON,
    ...['-ss', thumbnailAt(facts).toFixed(3), '-i', source],
    ...['-frames:v', '1', '-vf', fit, '-q:v', '4', '-f', 'image2', output],
  ];
}

/** What kind of proxy a file gets: none for a still image (its thumbnail is its preview). */
export function proxyKind(facts: ProbeFacts): { mime: string; ext: string } | undefined {
  if (facts.type === 'video') return { mime: 'video/mp4', ext: 'mp4' };
  if (facts.type === 'audio') return { mime: 'audio/mp4', ext: 'm4a' };
  return undefined;
}

export function proxyArgs(source: string, output: string, facts: ProbeFacts): string[] {
  const audio = facts.audio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an'];
  const progress = ['-progress', 'pipe:1', '-nostats'];
  if (facts.type === 'audio') {
    return [...COMMON, ...progress, '-i', source, '-vn', ...audio, '-movflags', '+faststart', '-f', 'mp4', output];
  }
  // Even sides for H.264's 4:2:0; never larger than the source.
  const fit = "scale='min(640,iw)':'min(360,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2";
  return [
    ...COMMON,
    ...progress,
    ...['-i', source, '-map', '0:v:0', ...(facts.audio ? ['-map', '0:a:0'] : [])],
    ...['-vf', fit, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p'],
    ...audio,
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

export async function makeThumbnail(ffmpeg: string, source: string, output: string, facts: ProbeFacts) {
  await runMediaTool(ffmpeg, thumbnailArgs(source, output, facts), { timeoutMs: THUMBNAIL_TIMEOUT_MS });
}

/** Makes the proxy, telling `progress` the share done (0…1) as ffmpeg reports the time it has reached. */
export async function makeProxy(
  ffmpeg: string,
  source: string,
  output: string,
  facts: ProbeFacts,
  progress: (done: number) => void,
) {
  const duration = facts.duration ?? 0;
  let pending = '';
  await runMediaTool(ffmpeg, proxyArgs(source, output, facts), {
    timeoutMs: PROXY_TIMEOUT_MS,
    onOutput: (text) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m && duration > 0) progress(Math.min(1, Number(m[1]) / 1e6 / duration));
      }
    },
  });
}
