import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding, guessCodePage } from './textEncoding';

const SRT = '1\r\n00:00:01,000 --> 00:00:02,000\r\nŽluťoučký kůň — Привет — café\r\n';

function utf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const units = (bom ? '\uFEFF' : '') + text;
  const out = new Uint8Array(units.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < units.length; i++) view.setUint16(i * 2, units.charCodeAt(i), littleEndian);
  return out;
}

function utf32(text: string, littleEndian: boolean): Uint8Array {
  const points = [0xfeff, ...[...text].map((c) => c.codePointAt(0)!)];
  const out = new Uint8Array(points.length * 4);
  const view = new DataView(out.buffer);
  points.forEach((p, i) => view.setUint32(i * 4, p, littleEndian));
  return out;
}

/** Bytes of text in a single-byte code page, by inverting TextDecoder's table for it. */
function codePage(text: string, encoding: string): Uint8Array {
  const table = new Map<string, number>();
  const high = new TextDecoder(encoding).decode(Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i));
  [...high].forEach((c, i) => table.set(c, 0x80 + i));
  return Uint8Array.from([...text].map((c) => (c.charCodeAt(0) < 0x80 ? c.charCodeAt(0) : table.get(c)!)));
}

describe('subtitle file encodings', () => {
  it('reads UTF-16 LE and BE, with and without a byte order mark', () => {
    for (const le of [true, false]) {
      for (const bom of [true, false]) {
        const bytes = utf16(SRT, le, bom);
        const found = detectEncoding(bytes);
        expect(found).toEqual({ encoding: le ? 'utf-16le' : 'utf-16be', by: bom ? 'bom' : 'utf-16 pattern' });
        expect(decodeText(bytes, found.encoding)).toBe(SRT);
      }
    }
  });

  it('reads UTF-32 with a byte order mark (TextDecoder cannot)', () => {
    for (const le of [true, false]) {
      const bytes = utf32(SRT, le);
      const found = detectEncoding(bytes);
      expect(found.encoding).toBe(le ? 'utf-32le' : 'utf-32be');
      expect(decodeText(bytes, found.encoding)).toBe(SRT);
    }
  });

  it('takes valid UTF-8 as UTF-8, with or without its mark, and drops the mark', () => {
    const bytes = new TextEncoder().encode(SRT);
    expect(detectEncoding(bytes)).toEqual({ encoding: 'utf-8', by: 'valid utf-8' });
    const marked = Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]);
    expect(detectEncoding(marked)).toEqual({ encoding: 'utf-8', by: 'bom' });
    expect(decodeText(marked, 'utf-8')).toBe(SRT);
  });

  it('guesses Cyrillic, Central European and Western code pages from the bytes', () => {
    const cases: [string, string][] = [
      ['windows-1251', 'Привет, как дела? Всё хорошо, спасибо. Это субтитры.'],
      ['windows-1250', 'Příliš žluťoučký kůň úpěl ďábelské ódy. Zażółć gęślą jaźń. Łódź, Kraków.'],
      ['windows-1252', 'Voilà le café où nous étions. ¿Qué pasó, señor? Die Straße ist schön. Ça va très bien.'],
    ];
    for (const [encoding, text] of cases) {
      const bytes = codePage(`1\n00:00:01,000 --> 00:00:02,000\n${text}\n`, encoding);
      expect(detectEncoding(bytes)).toEqual({ encoding, by: 'guessed' });
      expect(decodeText(bytes, encoding)).toContain(text);
    }
  });

  it('calls plain Western text with a few accents Western, not Central European', () => {
    expect(guessCodePage(codePage('He said: “Naïve café” — fine.', 'windows-1252'))).toBe('windows-1252');
  });
});
