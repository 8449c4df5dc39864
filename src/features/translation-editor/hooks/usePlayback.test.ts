import { describe, expect, it } from 'vitest';
import { MediaController } from './usePlayback';

/** The parts of a media element the controller uses: its time, play / pause and their events. */
class FakeMedia extends EventTarget {
  currentTime = 0;
  duration = Number.NaN;
  plays = 0;
  play(): Promise<void> {
    this.plays++;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  }
  pause(): void {
    this.dispatchEvent(new Event('pause'));
  }
  /** The browser has read the file's header. */
  loaded(duration: number): void {
    this.duration = duration;
    this.dispatchEvent(new Event('loadedmetadata'));
  }
}

const asVideo = (m: FakeMedia) => m as unknown as HTMLVideoElement;

describe('MediaController: another element for the same film', () => {
  it('takes over where the last one was, playing if it played (the picture replacing the sound)', () => {
    const controller = new MediaController();
    const sound = new FakeMedia();
    controller.attach(asVideo(sound));
    expect(controller.tookOver).toBe(false); // the film opens: the editor seeks to its line
    sound.loaded(5400);
    controller.seek(754_000);
    void controller.element?.play();
    expect(controller.playing).toBe(true);
    // React replaces the element: the old one's ref is cleared, then the new one's set.
    controller.attach(null);
    expect(controller.playing).toBe(false);
    const picture = new FakeMedia();
    controller.attach(asVideo(picture));
    expect(controller.tookOver).toBe(true); // the editor leaves the playhead where it was
    expect(controller.timeMs).toBe(754_000); // the playhead does not jump to 0 while the picture loads
    picture.loaded(5400);
    expect(picture.currentTime).toBe(754);
    expect(picture.plays).toBe(1);
    expect(controller.playing).toBe(true);
  });

  it('starts a first element at its own start, and a paused one stays paused', () => {
    const controller = new MediaController();
    const first = new FakeMedia();
    controller.attach(asVideo(first));
    first.loaded(30);
    expect(first.currentTime).toBe(0);
    controller.seek(12_000);
    controller.attach(null);
    const next = new FakeMedia();
    controller.attach(asVideo(next));
    next.loaded(30);
    expect(next.currentTime).toBe(12);
    expect(next.plays).toBe(0);
  });
});
