import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvCells, csvFileName, toCsv } from './csv';

describe('CSV of the work-request list', () => {
  it('writes one line per request, dates in UTC with their zones beside, people and studios by name', () => {
    const names = new Map([['s1', 'Northlight Pictures']]);
    const cells = csvCells(
      {
        _id: 'w1',
        asset: { name: 'Main Trailer', type: 'trailer', mediaType: 'video' },
        assetType: 'trailer',
        project: { name: 'The Glass Orchard' },
        language: 'fr-FR',
        territory: 'FR',
        status: 'in-progress',
        due: { date: 1798761600, tz: 'Europe/Paris' },
        deliveryDeadline: { date: 1799366400, tz: 'Europe/Paris' },
        studio: 's1',
        translation: { translator: { _id: 't1', name: 'Margaux Lefèvre', emailNormal: 'margaux@vendor.test' } },
        from: { name: 'Cora Coordinator', emailNormal: 'cora@mws.test', groups: [{ name: 'Northlight Localization' }] },
        created: 1795000000,
      },
      // Three days and two hours after the due date.
      { studioName: (id) => names.get(id), nowMs: (1798761600 + 3 * 86400 + 7200) * 1000 },
    );
    expect(cells).toEqual([
      'w1',
      'Main Trailer',
      'trailer',
      'video',
      'Northlight Pictures',
      'The Glass Orchard',
      'fr-FR',
      'FR',
      'in-progress',
      '2027-01-01T00:00:00Z',
      'Europe/Paris',
      3,
      '2027-01-08T00:00:00Z',
      'Europe/Paris',
      'Margaux Lefèvre',
      'margaux@vendor.test',
      'Cora Coordinator',
      'cora@mws.test',
      'Northlight Localization',
      '2026-11-18T11:06:40Z',
    ]);
    expect(csvCells({ _id: 'w2' })).toHaveLength(CSV_COLUMNS.length);
  });

  it('starts with a byte order mark and the header, and ends every line with CRLF', () => {
    const csv = toCsv([{ _id: 'a' }, { _id: 'b' }]);
    expect(csv.startsWith('\uFEFF"id","asset","asset type",')).toBe(true);
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
