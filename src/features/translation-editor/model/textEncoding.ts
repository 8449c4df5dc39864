/**
 * The character encoding of a subtitle file, from its bytes: a byte order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE)
 * wins; else UTF-16 without a mark when every other byte is mostly NUL; else UTF-8 when the bytes are valid UTF-8;
 * else a Windows code page guessed from the bytes above 0x7F (see {@link guessCodePage}). The guess can be wrong,
 * so the import preview shows it and lets the translator pick another encoding, re-reading the file at once.
 */

/** The encodings offered in the import preview (WHATWG labels, which TextDecoder knows in browsers and Node). */
export const ENCODINGS: readonly { label: string; name: string }[] = [
  { label: 'utf-8', name: 'UTF-8' },
  { label: 'utf-16le', name: 'UTF-16 LE' },
  { label: 'utf-16be', name: 'UTF-16 BE' },
  { label: 'utf-32le', name: 'UTF-32 LE' },
  { label: 'utf-32be', name: 'UTF-32 BE' },
  { label: 'windows-1252', name: 'Western European (Windows-1252)' },
  { label: 'windows-1250', name: 'Central European (Windows-1250)' },
  { label: 'windows-1251', name: 'Cyrillic (Windows-1251)' },
  { label: 'windows-1253', name: 'Greek (Windows-1253)' },
  { label: 'windows-1254', name: 'Turkish (Windows-1254)' },
  { label: 'windows-1255', name: 'Hebrew (Windows-1255)' },
  { label: 'windows-1256', name: 'Arabic (Windows-1256)' },
  { label: 'windows-1257', name: 'Baltic (Windows-1257)' },
  { label: 'windows-1258', name: 'Vietnamese (Windows-1258)' },
  { label: 'koi8-r', name: 'Cyrillic (KOI8-R)' },
  { label: 'iso-8859-2', name: 'Central European (ISO-8859-2)' },
  { label: 'gbk', name: 'Chinese simplified (GBK)' },
  { label: 'big5', name: 'Chinese traditional (Big5)' },
  { label: 'shift_jis', name: 'Japanese (Shift_JIS)' },
  { label: 'euc-kr', name: 'Korean (EUC-KR)' },
];

export interface Detected {
  encoding: string;
  /** How it was found, for the preview: "byte order mark", "valid UTF-8", "guessed". */
  by: 'bom' | 'utf-16 pattern' | 'valid utf-8' | 'guessed';
}

function bomOf(b: Uint8Array): string | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return 'utf-32le';
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return 'utf-32be';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** UTF-16 without a mark: text of the Latin, Cyrillic, Greek… blocks has a NUL in most high (or low) bytes. */
function utf16Pattern(b: Uint8Array): string | undefined {
  const n = Math.min(b.length, 4096) & ~1;
  if (n < 4) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) evenNul++;
    if (b[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return 'utf-16le';
  if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return 'utf-16be';
  return undefined;
}

function isValidUtf8(b: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

const isAsciiLetter = (x: number | undefined) =>
  x !== undefined && ((x >= 0x41 && x <= 0x5a) || (x >= 0x61 && x <= 0x7a));

/**
 * Letters above 0x7F that are common in Western European languages (French, Spanish, Portuguese, Italian, German,
 * Dutch) in Windows-1252. Letters rarer there (ø, å, æ, ì, ò, ý…) are left out: in 1250 text read as 1252 they are
 * what ř, ĺ, ě, ň, ý… turn into.
 */
const WESTERN = new Set('ÀÁÂÃÄÇÈÉÊËÍÎÏÑÓÔÕÖÙÚÛÜßàáâãäçèéêëíîïñóôõöùúûüœšžŠŽ¿¡ºª');
/**
 * Letters above 0x7F that are common in Czech, Slovak, Polish, Hungarian, Croatian, Slovenian and Romanian in
 * Windows-1250 (ä, ü, ö, ß, ç and ŕ, ĺ, rare there, left out: they are what German and French letters turn into).
 */
const CENTRAL = new Set('ÁÂÉÍÓÔÚÝáâéíóôúýĂăĄąĆćČčĎďĐđĘęĚěŁłŃńŇňŐőŘřŚśŞşŠšŢţŤťŮůŰűŹźŻżŽžî');
/** Punctuation both code pages share above 0x7F: quotes, dashes, ellipsis, no-break space, degree, etc. */
const PUNCTUATION = new Set('\u00a0‘’‚“”„–—…•«»°·´¨§©®™€');

/** The characters of bytes 0x80..0xFF in a single-byte code page. */
function highHalf(encoding: string): string[] {
  const bytes = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
  return [...new TextDecoder(encoding).decode(bytes)];
}

/** How plausible the bytes above 0x7F are as text in a Latin code page: letters count, stray symbols cost. */
function latinScore(b: Uint8Array, encoding: 'windows-1250' | 'windows-1252', letters: Set<string>): number {
  const chars = highHalf(encoding);
  let score = 0;
  for (const byte of b) {
    if (byte < 0x80) continue;
    const c = chars[byte - 0x80]!;
    if (letters.has(c)) score += 1;
    else if (!PUNCTUATION.has(c)) score -= 2;
  }
  return score;
}

/**
 * A Windows code page for bytes that are not UTF-8. Cyrillic text (1251) is words made of bytes from 0xC0 up, so
 * such a byte mostly sits next to another; in Western (1252) and Central European (1250) text an accented letter
 * mostly sits between ASCII letters. Between those two, the code page whose reading gives letters of its
 * languages rather than stray symbols (`³`, `¹`, `Ÿ` are Polish or Czech letters read as 1252) wins; a tie is 1252.
 */
export function guessCodePage(b: Uint8Array): 'windows-1250' | 'windows-1251' | 'windows-1252' {
  let highNeighbour = 0;
  let asciiNeighbour = 0;
  for (let i = 0; i < b.length; i++) {
    if (b[i]! < 0xc0) continue;
    const before = b[i - 1];
    const after = b[i + 1];
    if ((before !== undefined && before >= 0xc0) || (after !== undefined && after >= 0xc0)) highNeighbour++;
    else if (isAsciiLetter(before) || isAsciiLetter(after)) asciiNeighbour++;
  }
  if (highNeighbour > asciiNeighbour) return 'windows-1251';
  return latinScore(b, 'windows-1250', CENTRAL) > latinScore(b, 'windows-1252', WESTERN)
    ? 'windows-1250'
    : 'windows-1252';
}

export function detectEncoding(bytes: Uint8Array): Detected {
  const bom = bomOf(bytes);
  if (bom) return { encoding: bom, by: 'bom' };
  const utf16 = utf16Pattern(bytes);
  if (utf16) return { encoding: utf16, by: 'utf-16 pattern' };
  if (isValidUtf8(bytes)) return { encoding: 'utf-8', by: 'valid utf-8' };
  return { encoding: guessCodePage(bytes), by: 'guessed' };
}

/** UTF-32, which TextDecoder does not read. A code point beyond Unicode becomes U+FFFD. */
function decodeUtf32(b: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const parts: string[] = [];
  for (let i = 0; i + 4 <= b.length; i += 4) {
    const code = view.getUint32(i, littleEndian);
    parts.push(code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\uFFFD' : String.fromCodePoint(code));
  }
  return parts.join('');
}

/** The text of the bytes in an encoding; a byte order mark at the start is not part of it. */
export function decodeText(bytes: Uint8Array, encoding: string): string {
  let text: string;
  if (encoding === 'utf-32le' || encoding === 'utf-32be') text = decodeUtf32(bytes, encoding === 'utf-32le');
  else text = new TextDecoder(encoding).decode(bytes);
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
