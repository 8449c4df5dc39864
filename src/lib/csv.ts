/**
 * The one CSV encoder of the app's exports (docs/API.md, "CSV exports"): RFC 4180 text — CRLF line ends, a UTF-8
 * byte order mark so spreadsheet programs read UTF-8 — written for the spreadsheet programs that open it, after
 * OWASP's CSV-injection guidance:
 *
 * - every cell is in double quotes, its quotes doubled, so a comma, quote or line break in a value stays in its cell;
 * - a cell whose text starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so a spreadsheet
 *   shows it as text and never runs it as a formula;
 * - so does each such character that follows a comma, semicolon, quote, tab or line break inside the text: a program
 *   whose list separator is `;` (many European locales) reads this comma-separated file with its quotes out of step
 *   (a quote that does not start a field is a plain character to it) and starts a new cell at a `;` inside a quoted
 *   value (`"a","Priya;=cmd|' /C calc'!A0"` would give the cell `=cmd|…`); guarded, that cell starts with `'`.
 */

/** A cell's value; undefined is an empty cell. */
export type CsvValue = string | number | undefined;

/** Before a formula character where a cell may start: the text's start, or after a separator, quote or line break. */
const WHERE_A_CELL_MAY_START = /(?<=^|[,;"\t\r\n])(?=[=+\-@\t\r])/g;

/** One cell, quoted, with the formula guard. */
export function csvCell(value: CsvValue): string {
  const text = value === undefined ? '' : String(value);
  const guarded = text.replace(WHERE_A_CELL_MAY_START, "'");
  return `"${guarded.replaceAll('"', '""')}"`;
}

/** One line of cells, without its line end. */
export function csvLine(cells: readonly CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole file: the byte order mark, the header line, one line per row, every line ended by CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[header, ...rows].map((cells) => `${csvLine(cells)}\r\n`).join('')}`;
}
