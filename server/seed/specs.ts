/**
 * The demo's delivery specifications (docs/API.md "Delivery specifications", "Demo specs"), in every studio: two
 * published style guides' numbers and a children's variant, studio-wide, so every order has a match.
 */
import type { Doc } from '../storage/store';
import { Rng } from './random';
import { specKeys, type SpecDoc } from '../domain/specs';
import { FALLBACK_LIMITS, type SpecLimits } from '../../src/api/schema/deliverySpec';

interface DemoSpec extends SpecLimits {
  name: string;
  description: string;
}

/** The names of the demo specs, for tests and the e2e suite. */
export const DEMO_SPEC_NAMES = {
  netflix: 'Netflix-style (adult)',
  children: 'Netflix-style (children)',
  broadcast: 'Broadcast (BBC-style)',
} as const;

const DEMO_SPECS: readonly DemoSpec[] = [
  {
    name: DEMO_SPEC_NAMES.netflix,
    description:
      'Netflix Timed Text Style Guide, General Requirements and English (USA): 42 characters a line, 2 lines, ' +
      '20 characters/s for adult programmes, 5/6 s to 7 s on screen, 2 frames between subtitles.',
    // The built-in limits are these numbers (deliverySpec.ts).
    ...FALLBACK_LIMITS,
  },
  {
    name: DEMO_SPEC_NAMES.children,
    description: 'As the adult spec, with the English (USA) guide’s 17 characters/s for children’s programmes.',
    ...FALLBACK_LIMITS,
    maxCharsPerSecond: 17,
  },
  {
    name: DEMO_SPEC_NAMES.broadcast,
    description:
      'BBC Subtitle Guidelines: 37 characters a line (Teletext’s row), 2 lines, 160–180 words a minute (16 ' +
      'characters/s at about 6 characters a word); 1 s to 7 s on screen and 2 frames between are house values.',
    maxCharsPerLine: 37,
    maxLinesPerSubtitle: 2,
    maxCharsPerSecond: 16,
    minDurationMs: 1000,
    maxDurationMs: 7000,
    minGapFrames: 2,
  },
];

/** The demo specs for these studios (`now`: the demo's clock, epoch seconds). */
export function buildDemoSpecs(studios: readonly Doc[], now: number, seed: number): SpecDoc[] {
  const rng = new Rng(seed);
  const out: SpecDoc[] = [];
  let created = now - 30 * 86400;
  for (const studio of studios) {
    for (const s of DEMO_SPECS) {
      created += 60;
      out.push({ _id: rng.id(created), created, studio: studio._id, ...s, ...specKeys(studio._id, s.name) });
    }
  }
  return out;
}
