/**
 * Reads CSV text back the way spreadsheet programs do, with the list separator of the reader's locale (`,` or `;`):
 * a field that starts with a quote runs to the next lone quote (`""` is a quote in it), and whatever follows up to
 * the separator is kept as written; a line ends at CRLF or LF outside quotes. For tests of what the app exports.
 */
export function readCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = text.startsWith('\uFEFF') ? 1 : 0;
  let atFieldStart = true;
  const endField = () => {
    row.push(field);
    field = '';
    atFieldStart = true;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (atFieldStart && c === '"') {
      atFieldStart = false;
      i += 1;
      for (;;) {
        if (i >= text.length) break;
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else field += text[i++];
      }
      continue;
    }
    atFieldStart = false;
    if (c === separator) {
      endField();
      i += 1;
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      endField();
      rows.push(row);
      row = [];
      i += c === '\r' ? 2 : 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (!atFieldStart || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}
