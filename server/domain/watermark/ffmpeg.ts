/**
 * ffmpeg for watermarks (docs/API.md, "Watermarks"): finding it at start, and burning a mark into a video or a still
 * image in a child process (never in the server's event loop).
 *
 * The viewer's text never enters the filter graph: it is written to a file that drawtext reads with
 * `expansion=none`, so quotes, colons, backslashes, `%{…}` and brackets in a name are drawn as they are and cannot
 * add filters or options. The filter graph holds only numbers and names this module makes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

export const DEFAULT_FFMPEG_PATH = '/usr/bin/ffmpeg';
/** The font drawn with (Debian's fonts-dejavu-core); fontconfig's default sans when it is absent. */
const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** A marked copy taking longer than this is given up (90 minutes of the demo feature's picture take ~40 s of a core). */
const JOB_TIMEOUT_MS = 10 * 60_000;
/** The niceness of work done ahead (os.setPriority: 0 is the server's, 19 the lowest). */
const BACKGROUND_PRIORITY = 10;

export interface FfmpegStatus {
  path: string;
  /** The first line of `ffmpeg -version`, when it ran. */
  version?: string;
  /** Why it cannot be used, in words for the operator. */
  problem?: string;
}

/** Runs `ffmpeg -version` once: whether this server can make watermarked copies. */
export function probeFfmpeg(path: string): Promise<FfmpegStatus> {
  return new Promise((resolve) => {
    let out = '';
    let settled = false;
    const done = (status: FfmpegStatus) => {
      if (!settled) resolve(status);
      settled = true;
    };
    const child = spawn(path, ['-hide_banner', '-version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', (error) => done({ path, problem: `${path} cannot be run (${error.message})` }));
    child.on('close', (code) =>
      done(
        code === 0
          ? { path, version: out.split('\n')[0]?.trim() }
          : { path, problem: `${path} -version exited with ${String(code)}` },
      ),
    );
  });
}

/** What the operator reads at start when watermarks cannot be made. */
export function ffmpegMissingMessage(status: FfmpegStatus): string {
  return (
    `Watermarks: ${status.problem ?? 'ffmpeg is not usable'}. Previews that must be shown with a watermark will be ` +
    'refused (503 watermark_unavailable) until ffmpeg is installed (Debian: apt-get install ffmpeg) or FFMPEG_PATH ' +
    'names it; staff still see clean previews.'
  );
}

export type MarkKind = 'video' | 'image';

export interface BurnJob {
  ffmpeg: string;
  /** Made ahead, while the viewer is served without it: at a lower CPU priority than the server and its requests. */
  background?: boolean;
  kind: MarkKind;
  source: string;
  /** Folder the job runs in: holds the text file and the output (both plain names, so no path is escaped). */
  dir: string;
  textFile: string;
  output: string;
  /** The picture's size, for the text's size (the stored media's, or 640×360). */
  width: number;
  height: number;
  /** Characters of the text, for its size. */
  chars: number;
}

const round = (n: number) => Math.max(10, Math.round(n));

/**
 * The filter: the text large and faint, drifting across the whole picture (a crop or a blur of one spot does not
 * remove it; about 40% white with a dark edge, readable on light and dark scenes), and again small and steadier in
 * the lower left corner. Positions are expressions of time, so a still image gets one fixed place.
 */
export function markFilter(job: Pick<BurnJob, 'textFile' | 'width' | 'height' | 'chars'>): string {
  const font = fs.existsSync(FONT_FILE) ? `fontfile=${FONT_FILE}` : 'font=Sans';
  const common = `${font}:textfile=${job.textFile}:expansion=none:fix_bounds=1`;
  const chars = Math.max(1, job.chars);
  const big = round(Math.min(job.height / 12, (job.width * 1.5) / chars));
  const small = round(Math.min(job.height / 26, (job.width * 0.9) / chars));
  const drift =
    `drawtext=${common}:fontsize=${big}:fontcolor=white@0.4:borderw=2:bordercolor=black@0.3` +
    `:x=(w-text_w)/2+(w-text_w)/2*sin(t*0.41):y=(h-text_h)/2+(h-text_h)*0.42*sin(t*0.27+1)`;
  const corner =
    `drawtext=${common}:fontsize=${small}:fontcolor=white@0.6:borderw=1:bordercolor=black@0.5` +
    `:x=w*0.03:y=h-text_h-h*0.05`;
  return `${drift},${corner}`;
}

/** The arguments of one job; the output's format follows its extension. */
export function burnArgs(job: BurnJob): string[] {
  const input = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-threads', '1', '-i', job.source];
  const filter = ['-vf', markFilter(job)];
  if (job.kind === 'image') return [...input, ...filter, '-frames:v', '1', '-q:v', '3', job.output];
  // VP9 in real-time mode: a 110 s 640×360 clip in a few seconds of one core (docs/BENCHMARKS.md, "Watermarks").
  const audio = job.source.endsWith('.webm') ? ['-c:a', 'copy'] : ['-c:a', 'libopus', '-b:a', '64k'];
  return [
    ...input,
    ...filter,
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '150k', '-g', '25'],
    ...audio,
    '-f',
    'webm',
    job.output,
  ];
}

/** Runs one job; rejects with ffmpeg's own last words when it fails. */
export function burn(job: BurnJob): Promise<void> {
  return runMediaTool(job.ffmpeg, burnArgs(job), {
    cwd: job.dir,
    timeoutMs: JOB_TIMEOUT_MS,
    ...(job.background ? { priority: BACKGROUND_PRIORITY } : {}),
  }).then(() => undefined);
}

export interface MediaToolRun {
  /** The folder it runs in. */
  cwd?: string;
  /** Killed (and failed) after this long. */
  timeoutMs: number;
  /** Each piece of its standard output as it comes (ffmpeg's `-progress pipe:1`); else the output is kept. */
  onOutput?: (text: string) => void;
  /** Its niceness (os.setPriority), when it must yield the CPU to the server; the server's own when unset. */
  priority?: number;
}

/**
 * Runs ffmpeg or ffprobe in a child process (never in the server's event loop): resolves with its standard output
 * (unless `onOutput` takes it), rejects with the tool's own last words when it fails, cannot be run or times out.
 */
export function runMediaTool(bin: string, args: string[], run: MediaToolRun): Promise<string> {
  return new Promise((resolve, reject) => {
    let err = '';
    let out = '';
    const child = spawn(bin, args, { cwd: run.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    if (run.priority !== undefined && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, run.priority);
      } catch {
        // Not permitted here (a container without CAP_SYS_NICE may refuse): it runs at the server's priority.
      }
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), run.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (run.onOutput) run.onOutput(chunk.toString());
      else out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${bin} cannot be run (${error.message})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const tool = bin.split('/').pop() ?? bin;
      if (code === 0) resolve(out);
      else reject(new Error(`${tool} failed (${signal ?? `exit ${String(code)}`}): ${err.trim().slice(-500)}`));
    });
  });
}
