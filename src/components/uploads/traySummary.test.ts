/** The tray's one line: what goes on, how far in steps of 10 % (a screen reader is not told every byte), what failed. */
import { expect, it } from 'vitest';
import { traySummary } from './traySummary';
import type { UploadItem } from './uploadQueue';

const item = (state: UploadItem['state'], size: number, done = 0, speed = 0): UploadItem => ({
  id: `${state}${size}`,
  file: new File([new Uint8Array(size)], 'f.mov'),
  target: { workrequest: 'w' },
  purpose: 'p',
  state,
  done,
  speed,
});

it('says how many upload, how far in steps of 10 %, at what speed, and what is paused or failed', () => {
  expect(traySummary([item('uploading', 1000, 390, 2048), item('queued', 1000)])).toBe('2 uploading, 10% at 2 KB/s');
  expect(traySummary([item('uploading', 1000, 999), item('paused', 10), item('failed', 10)])).toBe(
    '1 uploading, 90% · 1 paused · 1 failed',
  );
  expect(traySummary([item('done', 10), item('done', 20)])).toBe('2 done');
  expect(traySummary([])).toBe('');
});
