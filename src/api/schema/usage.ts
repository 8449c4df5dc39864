/** Usage flags: the asset record's set and the (larger) set of the asset embedded in a work request. */
import * as z from 'zod/mini';
import { doc } from './common';

export const ASSET_USAGE_KEYS = [
  'broadcast',
  'online',
  'dcp',
  'film35',
  'film70',
  'dcp4k',
  'largeformat',
  'immersiveaudio',
] as const;
export const WORK_REQUEST_USAGE_KEYS = [
  'broadcast',
  'online',
  'dcp',
  'dcp3d',
  'film35',
  'film70',
  'largeformat',
  'largeformat3d',
  'immersiveaudio2d',
  'immersiveaudio3d',
  'hdr2d',
  'hdr3d',
] as const;

function flags<K extends string>(keys: readonly K[]) {
  return doc(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodMiniBoolean>);
}

export const assetUsage = flags(ASSET_USAGE_KEYS);
export const workRequestUsage = flags(WORK_REQUEST_USAGE_KEYS);
export type AssetUsage = z.infer<typeof assetUsage>;
export type WorkRequestUsage = z.infer<typeof workRequestUsage>;
