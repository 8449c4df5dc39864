/**
 * Which asset a file is of, by its name (docs/API.md "Ingest"), for a file uploaded to a work request whose order
 * names no asset: `Trailer 2 - FR.mov` belongs to `Trailer 2` of the same project. Names are compared in a plain
 * form (lower case, the extension dropped, every run of other characters than letters and digits one space); an
 * asset matches when the file's name is its name or begins with it followed by a space; the longest such name wins,
 * and a tie between two assets matches nothing (a guess is worse than none).
 */
export function plainName(name: string): string {
  return name
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function matchAsset(fileName: string, assets: readonly { _id: string; name?: unknown }[]): string | undefined {
  const file = plainName(fileName);
  let best: { id: string; length: number } | undefined;
  let tie = false;
  for (const asset of assets) {
    if (typeof asset.name !== 'string') continue;
    const name = plainName(asset.name);
    if (name === '' || !(file === name || file.startsWith(`${name} `))) continue;
    if (!best || name.length > best.length) {
      best = { id: asset._id, length: name.length };
      tie = false;
    } else if (name.length === best.length) tie = true;
  }
  return best && !tie ? best.id : undefined;
}
