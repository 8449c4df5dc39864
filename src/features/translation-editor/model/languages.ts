/** Writing direction and fonts of a translation's language. */
import { primaryLanguage } from './qc/profiles';

/** Primary subtags of languages written right to left. */
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ku', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

export function isRightToLeft(code: string | undefined): boolean {
  const primary = primaryLanguage(code);
  // Scripts named in the code win: "az-Arab" is RTL, "ku-Latn" is not.
  if (/[-_](arab|hebr|thaa|syrc|nkoo|adlm)\b/i.test(code ?? '')) return true;
  if (/[-_](latn|cyrl)\b/i.test(code ?? '')) return false;
  return RTL.has(primary);
}

export function directionOf(code: string | undefined): 'rtl' | 'ltr' {
  return isRightToLeft(code) ? 'rtl' : 'ltr';
}

export interface TextFont {
  family: string | undefined;
  sizePx: number | undefined;
}

/** CSS font of the language's first translation font, with generic fallbacks. */
export function fontFrom(
  fonts: readonly { face?: string | undefined; size?: number | undefined }[] | undefined,
): TextFont {
  const first = fonts?.find((f) => f.face || f.size);
  const face = first?.face?.trim();
  const safeFace = face ? `"${face.replace(/["\\;{}]/g, '')}", system-ui, sans-serif` : undefined;
  const size = first?.size && first.size >= 8 && first.size <= 72 ? first.size : undefined;
  return { family: safeFace, sizePx: size };
}
