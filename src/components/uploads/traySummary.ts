/** The uploads tray's one line (UploadTray.tsx), what its live region says: pure, so it is tested alone. */
import { formatBytes } from '../../lib/format';
import type { UploadItem } from './uploadQueue';

const isActive = (i: UploadItem) => i.state === 'queued' || i.state === 'hashing' || i.state === 'uploading';

/** The tray's one line: how many go on, how far in all, at what speed; else what is left to look at. */
export function traySummary(items: readonly UploadItem[]): string {
  const active = items.filter(isActive);
  const failed = items.filter((i) => i.state === 'failed').length;
  const paused = items.filter((i) => i.state === 'paused').length;
  const parts: string[] = [];
  if (active.length) {
    const size = active.reduce((n, i) => n + i.file.size, 0);
    const done = active.reduce((n, i) => n + (i.state === 'uploading' ? i.done : 0), 0);
    const percent = size ? Math.floor(((done / size) * 100) / 10) * 10 : 0;
    const speed = active.reduce((n, i) => n + i.speed, 0);
    parts.push(`${active.length} uploading, ${percent}%${speed > 0 ? ` at ${formatBytes(speed)}/s` : ''}`);
  }
  if (paused) parts.push(`${paused} paused`);
  if (failed) parts.push(`${failed} failed`);
  const done = items.filter((i) => i.state === 'done').length;
  if (!parts.length && done) parts.push(`${done} done`);
  return parts.join(' · ');
}
