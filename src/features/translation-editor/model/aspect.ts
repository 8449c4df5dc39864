/** The frame shapes the preview can show, and the asset's own when it names one. Pure. */

export interface AspectRatio {
  /** As offered in the menu and stored. */
  id: string;
  label: string;
  /** Width over height. */
  ratio: number;
}

export const ASPECT_RATIOS: readonly AspectRatio[] = [
  { id: '16:9', label: '16:9', ratio: 16 / 9 },
  { id: '1:1', label: '1:1', ratio: 1 },
  { id: '4:5', label: '4:5', ratio: 4 / 5 },
  { id: '9:16', label: '9:16', ratio: 9 / 16 },
  { id: '1.85', label: '1.85:1 (flat)', ratio: 1.85 },
  { id: '2.39', label: '2.39:1 (scope)', ratio: 2.39 },
];

/** The offered ratio closest to an asset's `aspectRatio` ("16:9", "2.39:1", "1.85") or to the media's size. */
export function defaultAspect(assetAspect: string | undefined, width?: number, height?: number): AspectRatio {
  const named = /^\s*(\d+(?:\.\d+)?)\s*(?:[:/x]\s*(\d+(?:\.\d+)?))?\s*$/i.exec(assetAspect ?? '');
  const wanted = named
    ? Number(named[1]) / Number(named[2] ?? 1)
    : width && height && width > 0 && height > 0
      ? width / height
      : 16 / 9;
  let best = ASPECT_RATIOS[0]!;
  for (const a of ASPECT_RATIOS)
    if (Math.abs(Math.log(a.ratio / wanted)) < Math.abs(Math.log(best.ratio / wanted))) best = a;
  return best;
}

export function aspectById(id: string | undefined): AspectRatio | undefined {
  return ASPECT_RATIOS.find((a) => a.id === id);
}
