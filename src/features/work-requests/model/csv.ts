/**
 * The work-request list as CSV, for spreadsheets, written by the app's one CSV encoder (lib/csv.ts: every cell quoted,
 * text people typed — asset, project and requester names — never read as a formula).
 * Dates are ISO 8601 in UTC, with the due date's own zone in a column beside it, so a sheet can sort and convert.
 */
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import { csvDocument, type CsvValue } from '../../../lib/csv';

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

const isoUtc = (epochSeconds: number | undefined) =>
  epochSeconds === undefined ? undefined : new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z');

/** A request's cells, in the order of CSV_COLUMNS. */
export function csvCells(wr: WorkRequestRow): CsvValue[] {
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
  ];
}

/** The whole file: a byte order mark (so spreadsheet programs read UTF-8), the header line, one line per request. */
export function toCsv(rows: readonly WorkRequestRow[]): string {
  return csvDocument(CSV_COLUMNS, rows.map(csvCells));
}

const FILE_PREFIX = { all: 'work-requests', automation: 'automation-queue', selection: 'work-requests-selection' };

/** e.g. `work-requests-2026-11-22.csv`; `automation-queue-…` for the queue, `work-requests-selection-…` for rows chosen. */
export function csvFileName(view: keyof typeof FILE_PREFIX, now: Date = new Date()): string {
  return `${FILE_PREFIX[view]}-${now.toISOString().slice(0, 10)}.csv`;
}
