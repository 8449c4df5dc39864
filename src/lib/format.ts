/** Small text formatting helpers. */
import { keyWords } from '../api/schema/words';

const numberFormat = new Intl.NumberFormat();

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A size in bytes for people: "840 bytes", "1.4 MB" (powers of 1000, as file managers show them). */
export function formatBytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }).format(value)} ${BYTE_UNITS[unit]}`;
}

export function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** "dcp3d" -> "DCP 3D", "immersiveaudio2d" -> "Immersive audio 2D": labels for usage flags and keys. */
const KNOWN_LABELS: Record<string, string> = {
  broadcast: 'Broadcast',
  online: 'Online',
  dcp: 'DCP',
  dcp3d: 'DCP 3D',
  dcp4k: 'DCP 4K',
  film35: '35 mm film',
  film70: '70 mm film',
  largeformat: 'Large format',
  largeformat3d: 'Large format 3D',
  immersiveaudio: 'Immersive audio',
  immersiveaudio2d: 'Immersive audio 2D',
  immersiveaudio3d: 'Immersive audio 3D',
  hdr2d: 'HDR 2D',
  hdr3d: 'HDR 3D',
};

export function keyLabel(key: string): string {
  return KNOWN_LABELS[key] ?? keyWords(key);
}

/** A value of a list whose element shape the spec does not show, as one line of text. */
export function describeUnknown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(describeUnknown).join(', ');
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    for (const k of ['name', 'label', 'title', 'value', 'reason', 'type']) {
      if (typeof obj[k] === 'string' && obj[k]) {
        const rest = Object.entries(obj).filter(([key]) => key !== k && !key.startsWith('$'));
        return rest.length
          ? `${obj[k]} (${rest.map(([key, v]) => `${keyLabel(key)}: ${describeUnknown(v)}`).join('; ')})`
          : obj[k];
      }
    }
    return Object.entries(obj)
      .filter(([k]) => !k.startsWith('$'))
      .map(([k, v]) => `${keyLabel(k)}: ${describeUnknown(v)}`)
      .join('; ');
  }
  return '—'; // a symbol or a function: not data
}

/**
 * A `W:H` aspect ratio (the interface's form) as the trade writes it: a ratio over a power of ten reads as so much
 * to one ("239:100" → "2.39:1", "185:100" → "1.85:1"); "16:9", "4:5" and anything else stay as given.
 */
export function formatAspectRatio(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+)\s*$/.exec(value);
  if (!m || !/^10+$/.test(m[2]!)) return value;
  return `${(Number(m[1]) / Number(m[2])).toFixed(2)}:1`;
}
