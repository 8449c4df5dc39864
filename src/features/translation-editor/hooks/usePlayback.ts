/**
 * Playback of the editor's media: one controller per editor wraps the <video> element (which also plays
 * audio-only media) and is an external store of the playhead, so the parts that follow it (the overlay, the
 * playhead's line in the grid, the time shown) re-render on their own, never the whole editor on every frame.
 *
 * While playing, the time is read on every animation frame (`timeupdate` alone fires ~4 times a second, too
 * coarse for a subtitle's first frame); paused, on `timeupdate` / `seeked`.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Timing } from '../model/timecode';
import { loopBack } from '../model/playhead';

export const ZOOM_MIN = 10;
export const ZOOM_MAX = 400;
export const ZOOM_DEFAULT = 80;

export class MediaController {
  private video: HTMLVideoElement | null = null;
  private readonly listeners = new Set<() => void>();
  private frame = 0;
  private detach: (() => void) | undefined;
  /** Where the element that went left off, for the one that replaces it (attach). */
  private handOver: { timeMs: number; playing: boolean } | undefined;
  /** Where "play the line" stops (ms), if it is playing one. */
  private stopAt: number | undefined;
  /** The line that "loop" repeats (the focused line), read on every frame. */
  private loopLine: () => Timing | undefined = () => undefined;

  timeMs = 0;
  /** Whether the element attached last took over another's playhead (rather than opening the film). */
  tookOver = false;
  playing = false;
  looping = false;
  /** Waveform zoom in pixels per second. */
  zoom = ZOOM_DEFAULT;
  /** Whether the waveform and the line grid keep the playhead in view. */
  follow = true;
  /** Bumped on every change: the store's snapshot. */
  version = 0;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The media element, or null when it unmounts (a ref callback). */
  readonly attach = (video: HTMLVideoElement | null): void => {
    if (video === this.video) return;
    // Another element for the same film (its picture came, a reloaded link): it takes over where the last one was.
    if (!video && this.video) {
      this.handOver = { timeMs: this.timeMs, playing: this.playing };
      this.playing = false; // no element plays
    }
    this.detach?.();
    this.detach = undefined;
    this.video = video;
    this.stopFrames();
    this.emit();
    if (!video) return;
    const resume = this.handOver;
    this.handOver = undefined;
    this.tookOver = resume !== undefined && resume.timeMs > 0;
    const sync = () => this.readTime();
    const onMetadata = () => {
      if (resume && resume.timeMs > 0 && video.currentTime === 0) {
        video.currentTime = Math.min(resume.timeMs / 1000, Number.isFinite(video.duration) ? video.duration : Infinity);
        if (resume.playing) void video.play().catch(() => undefined);
      }
      sync();
    };
    const onPlay = () => {
      this.playing = true;
      this.startFrames();
      this.emit();
    };
    const onPause = () => {
      this.playing = false;
      this.stopAt = undefined;
      this.stopFrames();
      this.readTime();
    };
    const events: [string, () => void][] = [
      ['timeupdate', sync],
      ['seeked', sync],
      ['loadedmetadata', onMetadata],
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
    ];
    for (const [name, fn] of events) video.addEventListener(name, fn);
    this.detach = () => {
      for (const [name, fn] of events) video.removeEventListener(name, fn);
    };
    // Taking over, the playhead stays where it was until the element can be moved there (its metadata).
    if (!resume?.timeMs) this.readTime();
  };

  get element(): HTMLVideoElement | null {
    return this.video;
  }

  get durationMs(): number | undefined {
    const d = this.video?.duration;
    return d !== undefined && Number.isFinite(d) ? d * 1000 : undefined;
  }

  seek(ms: number): void {
    const video = this.video;
    if (!video) return;
    const clamped = Math.max(0, this.durationMs !== undefined ? Math.min(ms, this.durationMs) : ms);
    video.currentTime = clamped / 1000;
    // Shown at once: the element answers with `seeked` only once it has the frame.
    this.timeMs = clamped;
    this.emit();
  }

  play(): void {
    void this.video?.play().catch(() => undefined);
  }

  pause(): void {
    this.video?.pause();
  }

  playPause(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  /** Plays one line from its start and pauses at its stop. */
  playRange(timing: Timing): void {
    this.seek(timing.startMs);
    this.stopAt = timing.stopMs;
    this.play();
  }

  setLoopLine(read: () => Timing | undefined): void {
    this.loopLine = read;
  }

  setLooping(on: boolean): void {
    this.looping = on;
    this.emit();
  }

  setFollow(on: boolean): void {
    this.follow = on;
    this.emit();
  }

  setZoom(pxPerSecond: number): void {
    this.zoom = Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, pxPerSecond)));
    this.emit();
  }

  /** Stops reading frames (the editor unmounts; the element's own listeners go with it). */
  dispose(): void {
    this.stopFrames();
  }

  private readTime(): void {
    const video = this.video;
    if (!video) return;
    const ms = video.currentTime * 1000;
    if (this.playing && this.stopAt !== undefined && ms >= this.stopAt) {
      const stop = this.stopAt;
      this.stopAt = undefined;
      video.pause();
      this.seek(stop);
      return;
    }
    if (this.playing && this.looping) {
      const back = loopBack(this.loopLine(), ms);
      if (back !== undefined) {
        this.seek(back);
        return;
      }
    }
    if (ms !== this.timeMs) {
      this.timeMs = ms;
      this.emit();
    }
  }

  private startFrames(): void {
    if (this.frame || typeof requestAnimationFrame === 'undefined') return;
    const tick = () => {
      this.readTime();
      this.frame = this.playing ? requestAnimationFrame(tick) : 0;
    };
    this.frame = requestAnimationFrame(tick);
  }

  private stopFrames(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private emit(): void {
    this.version++;
    for (const l of this.listeners) l();
  }
}

/** One controller for the editor's lifetime. */
export function useMediaController(): MediaController {
  const [controller] = useState(() => new MediaController());
  useEffect(() => () => controller.dispose(), [controller]);
  return controller;
}

/** A value read from the controller, re-rendering only when it changes. */
export function usePlaybackValue<T>(controller: MediaController, read: (c: MediaController) => T): T {
  return useSyncExternalStore(controller.subscribe, () => read(controller));
}
