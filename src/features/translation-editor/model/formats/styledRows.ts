/**
 * A cue's text (with <b>/<i>/<u> markup, `<br>` or `\n` line breaks) as rows of styled runs, and back. The
 * broadcast formats (TTML spans, EBU STL control codes) style runs of characters, not tags; both convert here.
 */
import { plainText } from '../text';

export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

export type Row = Run[];

const TOKEN = /<(\/?)([biu])>|<br\s*\/?>|\n/gi;

function sameStyle(a: Run, b: Run): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.underline === b.underline;
}

/** Appends a run, merging it into the previous one when the style is the same. */
export function pushRun(row: Row, run: Run): void {
  if (run.text === '') return;
  const last = row[row.length - 1];
  if (last && sameStyle(last, run)) last.text += run.text;
  else row.push({ ...run });
}

/**
 * Rows of styled runs. Other tags are dropped (their content kept), the common entities decoded, blank rows left
 * out (a file's blank row would end the subtitle), each row's outer spaces trimmed.
 */
export function rowsOf(text: string): Row[] {
  const source = text.replace(/\r\n?/g, '\n');
  const depth = { b: 0, i: 0, u: 0 };
  const rows: Row[] = [[]];
  let at = 0;
  const addText = (raw: string) => {
    const visible = plainText(raw).replace(/\n/g, '');
    pushRun(rows[rows.length - 1]!, { text: visible, bold: depth.b > 0, italic: depth.i > 0, underline: depth.u > 0 });
  };
  for (const m of source.matchAll(TOKEN)) {
    addText(source.slice(at, m.index));
    at = m.index + m[0].length;
    const tag = m[2]?.toLowerCase() as 'b' | 'i' | 'u' | undefined;
    if (tag) depth[tag] = Math.max(0, depth[tag] + (m[1] ? -1 : 1));
    else rows.push([]);
  }
  addText(source.slice(at));
  return rows.map(trimRow).filter((row) => row.length > 0);
}

/** Removes the row's leading and trailing spaces (and runs left empty). */
export function trimRow(row: Row): Row {
  const out = row.map((run) => ({ ...run }));
  while (out.length > 0 && (out[0]!.text = out[0]!.text.replace(/^\s+/, '')) === '') out.shift();
  while (out.length > 0 && (out[out.length - 1]!.text = out[out.length - 1]!.text.replace(/\s+$/, '')) === '')
    out.pop();
  return out;
}

const ORDER = ['b', 'i', 'u'] as const;

function tagsOf(run: Run): string[] {
  return ORDER.filter((t) => (t === 'b' ? run.bold : t === 'i' ? run.italic : run.underline));
}

/**
 * The editor's text of styled rows: `\n` between rows, tags always nested b > i > u, a style kept open across a
 * line break (so `<i>one\ntwo</i>` reads back as it was written).
 */
export function textOf(rows: readonly Row[]): string {
  let out = '';
  let open: string[] = [];
  rows.forEach((row, r) => {
    if (r > 0) {
      // Close before the break what the next row does not start with.
      const next = row[0] ? tagsOf(row[0]) : [];
      let keep = 0;
      while (keep < open.length && open[keep] === next[keep]) keep += 1;
      for (let k = open.length - 1; k >= keep; k -= 1) out += `</${open[k]!}>`;
      open = open.slice(0, keep);
      out += '\n';
    }
    for (const run of row) {
      const want = tagsOf(run);
      let keep = 0;
      while (keep < open.length && keep < want.length && open[keep] === want[keep]) keep += 1;
      for (let k = open.length - 1; k >= keep; k -= 1) out += `</${open[k]!}>`;
      for (let k = keep; k < want.length; k += 1) out += `<${want[k]!}>`;
      open = want;
      out += run.text;
    }
  });
  for (let k = open.length - 1; k >= 0; k -= 1) out += `</${open[k]!}>`;
  return out;
}
