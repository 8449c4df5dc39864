/**
 * The work-request list as CSV (RFC 4180: comma-separated, CRLF lines, quotes doubled), for spreadsheets.
 *
 * Text people typed (asset and project names, requester names) must not run as a formula when the file is opened:
 * a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP, "CSV injection").
 * Dates are ISO 8601 in UTC, with the due date's own zone in a column beside it, so a sheet can sort and convert.
 */
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';

export const CSV_COLUMNS = [
  'id',
  'asset',
  'asset type',
  'media type',
  'project',
  'language',
  'territory',
  'status',
  'due (UTC)',
  'due time zone',
  'requested by',
  'requester e-mail',
  'requester group',
  'created (UTC)',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const isoUtc = (epochSeconds: number | undefined) =>
  epochSeconds === undefined ? undefined : new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z');

export function csvRow(wr: WorkRequestRow): string {
  const from = wr.from;
  return [
    wr._id,
    wr.asset?.name,
    wr.assetType ?? wr.asset?.type,
    wr.asset?.mediaType,
    wr.project?.name,
    wr.language,
    wr.territory,
    wr.status,
    isoUtc(wr.due?.date),
    wr.due?.tz,
    from?.name,
    from?.emailNormal,
    from?.groups?.[0]?.name,
    isoUtc(wr.created),
  ]
    .map(csvCell)
    .join(',');
}

/** The whole file: a byte order mark (so spreadsheet programs read UTF-8), the header line, one line per request. */
export function toCsv(rows: readonly WorkRequestRow[]): string {
  return `\uFEFF${[CSV_COLUMNS.join(','), ...rows.map(csvRow)].join('\r\n')}\r\n`;
}

const FILE_PREFIX = { all: 'work-requests', automation: 'automation-queue', selection: 'work-requests-selection' };

/** e.g. `work-requests-2026-11-22.csv`; `automation-queue-…` for the queue, `work-requests-selection-…` for rows chosen. */
export function csvFileName(view: keyof typeof FILE_PREFIX, now: Date = new Date()): string {
  return `${FILE_PREFIX[view]}-${now.toISOString().slice(0, 10)}.csv`;
}
