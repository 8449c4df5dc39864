/**
 * ISO/IEC 6937 as EBU STL's character code table 00 "Latin" (EBU Tech 3264, Appendix 2): one byte per
 * character, except accented letters, written as a non-spacing diacritic byte (0xC1–0xCF) followed by the base
 * letter. Bytes 0x20–0x7E are ASCII except 0x24, which is ¤ ($ is 0xA4).
 */

/** Bytes 0xA0–0xFF other than the diacritics, as Unicode. */
const UPPER: Record<number, string> = {
  0xa0: '\u00a0',
  0xa1: '¡',
  0xa2: '¢',
  0xa3: '£',
  0xa4: '$',
  0xa5: '¥',
  0xa6: '#',
  0xa7: '§',
  0xa8: '¤',
  0xa9: '‘',
  0xaa: '“',
  0xab: '«',
  0xac: '←',
  0xad: '↑',
  0xae: '→',
  0xaf: '↓',
  0xb0: '°',
  0xb1: '±',
  0xb2: '²',
  0xb3: '³',
  0xb4: '×',
  0xb5: 'µ',
  0xb6: '¶',
  0xb7: '·',
  0xb8: '÷',
  0xb9: '’',
  0xba: '”',
  0xbb: '»',
  0xbc: '¼',
  0xbd: '½',
  0xbe: '¾',
  0xbf: '¿',
  0xd0: '―',
  0xd1: '¹',
  0xd2: '®',
  0xd3: '©',
  0xd4: '™',
  0xd5: '♪',
  0xd6: '¬',
  0xd7: '¦',
  0xdc: '⅛',
  0xdd: '⅜',
  0xde: '⅝',
  0xdf: '⅞',
  0xe0: 'Ω',
  0xe1: 'Æ',
  0xe2: 'Đ',
  0xe3: 'ª',
  0xe4: 'Ħ',
  0xe6: 'Ĳ',
  0xe7: 'Ŀ',
  0xe8: 'Ł',
  0xe9: 'Ø',
  0xea: 'Œ',
  0xeb: 'º',
  0xec: 'Þ',
  0xed: 'Ŧ',
  0xee: 'Ŋ',
  0xef: 'ŉ',
  0xf0: 'ĸ',
  0xf1: 'æ',
  0xf2: 'đ',
  0xf3: 'ð',
  0xf4: 'ħ',
  0xf5: 'ı',
  0xf6: 'ĳ',
  0xf7: 'ŀ',
  0xf8: 'ł',
  0xf9: 'ø',
  0xfa: 'œ',
  0xfb: 'ß',
  0xfc: 'þ',
  0xfd: 'ŧ',
  0xfe: 'ŋ',
  0xff: '\u00ad',
};

/** The non-spacing diacritic bytes and the Unicode combining marks they stand for. */
const DIACRITICS: Record<number, string> = {
  0xc1: '\u0300', // grave
  0xc2: '\u0301', // acute
  0xc3: '\u0302', // circumflex
  0xc4: '\u0303', // tilde
  0xc5: '\u0304', // macron
  0xc6: '\u0306', // breve
  0xc7: '\u0307', // dot above
  0xc8: '\u0308', // diaeresis
  0xca: '\u030a', // ring above
  0xcb: '\u0327', // cedilla
  0xcd: '\u030b', // double acute
  0xce: '\u0328', // ogonek
  0xcf: '\u030c', // caron
};

const ENCODE = new Map<string, number>();
for (const [byte, ch] of Object.entries(UPPER)) ENCODE.set(ch, Number(byte));
const DIACRITIC_BYTE = new Map<string, number>();
for (const [byte, mark] of Object.entries(DIACRITICS)) DIACRITIC_BYTE.set(mark, Number(byte));

export function isDiacriticByte(byte: number): boolean {
  return DIACRITICS[byte] !== undefined;
}

/** One character (a code point, possibly precomposed) as bytes, or undefined when table 00 cannot write it. */
export function encodeChar(ch: string): number[] | undefined {
  const code = ch.codePointAt(0)!;
  if (ch === '$') return [0xa4];
  if (ch === '¤') return [0x24];
  if (code >= 0x20 && code <= 0x7e) return [code];
  const direct = ENCODE.get(ch);
  if (direct !== undefined) return [direct];
  // An accented letter: base letter plus one diacritic the table has.
  const [base, mark, ...rest] = [...ch.normalize('NFD')];
  if (base && mark && rest.length === 0 && /^[A-Za-z]$/.test(base)) {
    const diacritic = DIACRITIC_BYTE.get(mark);
    if (diacritic !== undefined) return [diacritic, base.charCodeAt(0)];
  }
  return undefined;
}

/**
 * The character of a printable byte (0x20–0x7E, 0xA0–0xFF but not a diacritic), combined with a preceding
 * diacritic byte when there was one. Undefined for bytes the table leaves unused.
 */
export function decodeChar(byte: number, diacritic?: number): string | undefined {
  let ch: string | undefined;
  if (byte === 0x24) ch = '¤';
  else if (byte >= 0x20 && byte <= 0x7e) ch = String.fromCharCode(byte);
  else ch = UPPER[byte];
  if (ch === undefined) return undefined;
  const mark = diacritic === undefined ? undefined : DIACRITICS[diacritic];
  return mark ? `${ch}${mark}`.normalize('NFC') : ch;
}
