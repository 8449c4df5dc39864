import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvCell, csvFileName, csvRow, toCsv } from './csv';

describe('CSV of the work-request list', () => {
  it('quotes cells with commas, quotes or line breaks, and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Trailer, final')).toBe('"Trailer, final"');
    expect(csvCell('The "Big" One')).toBe('"The ""Big"" One"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('never lets typed text start a formula in a spreadsheet', () => {
    for (const evil of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      const cell = csvCell(evil);
      expect(cell.replace(/^"/, '').startsWith("'"), evil).toBe(true);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes one line per request, dates in UTC with the due zone beside', () => {
    const line = csvRow({
      _id: 'w1',
      asset: { name: 'Main Trailer', type: 'trailer', mediaType: 'video' },
      assetType: 'trailer',
      project: { name: 'The Glass Orchard' },
      language: 'fr-FR',
      territory: 'FR',
      status: 'in-progress',
      due: { date: 1798761600, tz: 'Europe/Paris' },
      from: { name: 'Cora Coordinator', emailNormal: 'cora@mws.test', groups: [{ name: 'Northlight Localization' }] },
      created: 1795000000,
    });
    expect(line).toBe(
      'w1,Main Trailer,trailer,video,The Glass Orchard,fr-FR,FR,in-progress,2027-01-01T00:00:00Z,Europe/Paris,Cora Coordinator,cora@mws.test,Northlight Localization,2026-11-18T11:06:40Z',
    );
    expect(csvRow({ _id: 'w2' })).toBe('w2' + ','.repeat(CSV_COLUMNS.length - 1));
  });

  it('starts with a byte order mark and the header, and ends every line with CRLF', () => {
    const csv = toCsv([{ _id: 'a' }, { _id: 'b' }]);
    expect(csv.startsWith('\uFEFFid,asset,asset type,')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('names the file after the view and the day', () => {
    const day = new Date('2026-11-22T10:00:00Z');
    expect(csvFileName('all', day)).toBe('work-requests-2026-11-22.csv');
    expect(csvFileName('automation', day)).toBe('automation-queue-2026-11-22.csv');
    expect(csvFileName('selection', day)).toBe('work-requests-selection-2026-11-22.csv');
  });
});
