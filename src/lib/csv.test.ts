import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('the CSV encoder of every export', () => {
  it('quotes every cell and doubles its quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('Trailer, final')).toBe('"Trailer, final"');
    expect(csvCell('Trailer; final')).toBe('"Trailer; final"');
    expect(csvCell('The "Big" One')).toBe('"The ""Big"" One"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it('puts a quote before text that would start a formula, and only there', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('a-b, c-d')).toBe('"a-b, c-d"');
    expect(csvCell('2026-11-22T10:00:00Z')).toBe('"2026-11-22T10:00:00Z"');
  });

  it('puts one before a formula character after a separator, quote, tab or line break inside the text', () => {
    expect(csvCell("Priya;=cmd|' /C calc'!A0")).toBe(`"Priya;'=cmd|' /C calc'!A0"`);
    expect(csvCell('a,+1')).toBe(`"a,'+1"`);
    expect(csvCell('a"-1')).toBe(`"a""'-1"`);
    expect(csvCell('a\n@x')).toBe(`"a\n'@x"`);
    expect(csvCell('a\r\n=x')).toBe(`"a\r\n'=x"`);
    expect(csvCell(';\t=x')).toBe(`";'\t'=x"`);
  });

  it('writes a file: byte order mark, header, rows, CRLF after every line', () => {
    const csv = csvDocument(
      ['name', 'note'],
      [
        ['Priya;=cmd', 'two\r\nlines'],
        ['b', undefined],
      ],
    );
    expect(csv).toBe(`\uFEFF"name","note"\r\n"Priya;'=cmd","two\r\nlines"\r\n"b",""\r\n`);
  });
});
