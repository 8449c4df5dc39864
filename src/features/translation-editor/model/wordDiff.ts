/**
 * A word diff between a remembered original and this line's original, for showing what differs in a similar
 * match: the longest common subsequence of words (white space kept with the word before it). Pure.
 */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Words with their following white space, so joining the parts gives the texts back. */
function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * The parts that turn `from` (the remembered original) into `to` (this line's original): `removed` words are only in
 * `from`, `added` only in `to`. Compared without case and trailing spaces. Texts beyond 200 words each are shown
 * whole as removed + added (a line is never that long; the table stays small).
 */
export function wordDiff(from: string, to: string): DiffPart[] {
  const a = words(from);
  const b = words(to);
  if (a.length > 200 || b.length > 200)
    return [
      { kind: 'removed', text: from },
      { kind: 'added', text: to },
    ].filter((p) => p.text !== '') as DiffPart[];
  const same = (x: string, y: string) => x.trimEnd().toLowerCase() === y.trimEnd().toLowerCase();
  // lcs[i][j]: the common words of a[i..] and b[j..]
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = same(a[i]!, b[j]!) ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(a[i]!, b[j]!)) {
      push('same', b[j]!);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) push('removed', a[i++]!);
    else push('added', b[j++]!);
  }
  while (i < a.length) push('removed', a[i++]!);
  while (j < b.length) push('added', b[j++]!);
  return parts;
}
