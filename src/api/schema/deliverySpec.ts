/**
 * Delivery specification (extension collection `Specs`, docs/API.md "Delivery specifications"): the style limits an
 * order's subtitles are judged by — characters per line, lines per subtitle, reading speed, minimum and maximum
 * duration (milliseconds), minimum gap (frames of the asset's frame rate). A studio's, optionally narrowed to one
 * project, one client (a client group) and one language. Shared by the server (writes, the submit check) and the app.
 */
import * as z from 'zod/mini';
import { doc, id, ts, selfLinks } from './common';
import type { QcProfile } from './qc/types';

export const SPEC_NAME_MAX = 100;
export const SPEC_DESCRIPTION_MAX = 2000;

/** Each limit's bounds: wide enough for any real style guide, narrow enough to catch a typo (4200 characters). */
export const SPEC_LIMITS = {
  maxCharsPerLine: { min: 10, max: 100, integer: true, label: 'Characters per line', unit: 'characters' },
  maxLinesPerSubtitle: { min: 1, max: 4, integer: true, label: 'Lines per subtitle', unit: 'lines' },
  maxCharsPerSecond: { min: 1, max: 40, integer: false, label: 'Reading speed', unit: 'characters/s' },
  minDurationMs: { min: 100, max: 10_000, integer: true, label: 'Minimum duration', unit: 'ms' },
  maxDurationMs: { min: 1000, max: 60_000, integer: true, label: 'Maximum duration', unit: 'ms' },
  minGapFrames: { min: 0, max: 25, integer: true, label: 'Minimum gap', unit: 'frames' },
} as const;
export type SpecLimit = keyof typeof SPEC_LIMITS;
export const SPEC_LIMIT_FIELDS = Object.keys(SPEC_LIMITS) as SpecLimit[];

const limit = (key: SpecLimit) => {
  const { min, max, integer } = SPEC_LIMITS[key];
  const bounds = [z.minimum(min, `at least ${min}`), z.maximum(max, `at most ${max}`)] as const;
  return integer ? z.int().check(...bounds) : z.number().check(...bounds);
};

export const deliverySpec = doc({
  _id: id,
  /** The studio whose spec this is (a project's spec: the project's studio, set by the server). */
  studio: id,
  /** Narrowed to one project of the studio. */
  project: id,
  /** Narrowed to one client: a group of type `client` whose members place orders (the order's requester). */
  client: id,
  /** Narrowed to one target language: a code (`fr-FR`), or a primary language (`fr`) that covers its variants. */
  language: z.string().check(z.maxLength(35)),
  name: z.string().check(z.maxLength(SPEC_NAME_MAX)),
  description: z.string().check(z.maxLength(SPEC_DESCRIPTION_MAX)),
  maxCharsPerLine: limit('maxCharsPerLine'),
  maxLinesPerSubtitle: limit('maxLinesPerSubtitle'),
  maxCharsPerSecond: limit('maxCharsPerSecond'),
  minDurationMs: limit('minDurationMs'),
  maxDurationMs: limit('maxDurationMs'),
  minGapFrames: limit('minGapFrames'),
  created: ts,
  $links: selfLinks,
});
export type DeliverySpec = z.infer<typeof deliverySpec>;

/** The limits every spec has. */
export type SpecLimits = Record<SpecLimit, number>;

/**
 * The spec that applies when an order names none and none matches (docs/API.md "Delivery specifications"): the
 * Netflix-style general limits with the English reading speed, as the editor's checks had before specs.
 */
export const FALLBACK_LIMITS: Readonly<SpecLimits> = Object.freeze({
  maxCharsPerLine: 42,
  maxLinesPerSubtitle: 2,
  maxCharsPerSecond: 20,
  minDurationMs: 833,
  maxDurationMs: 7000,
  minGapFrames: 2,
});
export const FALLBACK_SPEC_NAME = 'Default limits';

/** The spec that applies to a translation, and why (`GET /specs/applied`). */
export const appliedSpec = doc({
  /** `order`: the order names it; `match`: the most specific of the studio's specs; `fallback`: none matched. */
  chosen: z.enum(['order', 'match', 'fallback']),
  spec: deliverySpec,
});
export type AppliedSpec = z.infer<typeof appliedSpec>;

/** A spec's limits at a frame rate: what the checks run on. */
export function profileOfSpec(spec: Partial<SpecLimits>, fps: number): QcProfile {
  const out = { ...FALLBACK_LIMITS, fps };
  for (const key of SPEC_LIMIT_FIELDS) {
    const v = spec[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
  }
  return out;
}
