/**
 * Per-language QC profiles: the defaults and the reading speeds some languages need — what the editor checks by
 * until the order's delivery specification arrives (docs/API.md "Delivery specifications"), which then replaces it.
 */
import type { QcProfile } from './types';
import { DEFAULT_FPS } from '../timecode';
import { FALLBACK_LIMITS } from '../../../../api/schema/deliverySpec';

export const DEFAULT_PROFILE: QcProfile = Object.freeze({
  ...FALLBACK_LIMITS,
  maxCharsPerSecond: 17,
  fps: DEFAULT_FPS,
});

/** Languages whose defaults differ, by primary language subtag. */
export const LANGUAGE_DEFAULTS: Readonly<Record<string, Partial<QcProfile>>> = {
  en: { maxCharsPerSecond: 20 },
  ko: { maxCharsPerSecond: 12 },
  zh: { maxCharsPerSecond: 9 },
  ja: { maxCharsPerSecond: 4 },
};

/** "en-US", "EN_gb", "zh-Hant" -> "en", "en", "zh". */
export function primaryLanguage(code: string | undefined): string {
  return (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The profile for a language: defaults, then the language's own defaults, then the user's changes. */
export function profileFor(
  language: string | undefined,
  overrides: Partial<QcProfile> = {},
  fps: number = DEFAULT_FPS,
): QcProfile {
  return { ...DEFAULT_PROFILE, fps, ...LANGUAGE_DEFAULTS[primaryLanguage(language)], ...cleanOverrides(overrides) };
}

const KEYS = Object.keys(DEFAULT_PROFILE) as (keyof QcProfile)[];

/** Keeps only known, positive, finite numbers (input from storage or a form). */
export function cleanOverrides(input: unknown): Partial<QcProfile> {
  const out: Partial<QcProfile> = {};
  if (input === null || typeof input !== 'object') return out;
  const record = input as Record<string, unknown>;
  for (const key of KEYS) {
    const v = record[key];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[key] = v;
  }
  return out;
}
