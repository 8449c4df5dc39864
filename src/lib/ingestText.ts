/** Words for an ingest's state, facts and warnings (docs/API.md "Ingest"), shared by the Ingests page and file lists. */
import type { IngestState } from '../api/schema/file';

export const STATE_LABELS: Record<NonNullable<IngestState['state']>, string> = {
  created: 'Waiting',
  processing: 'Processing',
  succeeded: 'Succeeded',
  failed: 'Failed',
  'not-processed': 'Not processed',
};

/** Whether the state will change by itself (the page keeps asking). */
export const isUnderWay = (ingest: IngestState | undefined) =>
  ingest?.state === 'created' || ingest?.state === 'processing';

/** Whether a person may ask for it again. */
export const canRetry = (ingest: IngestState | undefined) =>
  ingest?.state === 'failed' || ingest?.state === 'not-processed';

function clock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** `Video · 1280×720 · 25 fps · 0:03 · AAC 2 ch 48 kHz`. */
export function probeSummary(probe: IngestState['probe']): string | undefined {
  if (!probe?.type) return undefined;
  const parts: string[] = [probe.type[0]!.toUpperCase() + probe.type.slice(1)];
  if (probe.width && probe.height) parts.push(`${probe.width}×${probe.height}`);
  if (probe.frameRate) parts.push(`${probe.frameRate} fps${probe.variableFrameRate ? ' (variable)' : ''}`);
  if (probe.duration !== undefined) parts.push(clock(probe.duration));
  if (probe.audio) {
    const khz = probe.audio.sampleRate ? ` ${probe.audio.sampleRate / 1000} kHz` : '';
    parts.push(`${(probe.audio.codec ?? 'audio').toUpperCase()} ${probe.audio.channels ?? '?'} ch${khz}`);
  } else if (probe.type === 'video') parts.push('no audio');
  return parts.join(' · ');
}

/** A warning as stored (`{code, message}`), or anything else a server sent, as words. */
export function warningText(warning: unknown): string {
  if (warning && typeof warning === 'object' && 'message' in warning && typeof warning.message === 'string') {
    return warning.message;
  }
  return typeof warning === 'string' ? warning : JSON.stringify(warning);
}
