/**
 * The work-request list as CSV, for spreadsheets, written by the app's one CSV encoder (lib/csv.ts: every cell quoted,
 * text people typed — asset, project and requester names — never read as a formula).
 * Dates are ISO 8601 in UTC, with each date's own zone in a column beside it, so a sheet can sort and convert; people
 * and studios by name; "days late" counts whole days past due of an open order.
 */
import type { WorkRequestRow } from '../../../api/schema/workRequestRow';
import { csvDocument, type CsvValue } from '../../../lib/csv';
import { lateness } from '../../../lib/statuses';

export const CSV_COLUMNS = [
  'id',
  'asset',
  'asset type',
  'media type',
  'studio',
  'project',
  'language',
  'territory',
  'status',
  'due (UTC)',
  'due time zone',
  'days late',
  'delivery deadline (UTC)',
  'delivery deadline time zone',
  'assignee',
  'assignee e-mail',
  'requested by',
  'requester e-mail',
  'requester group',
  'created (UTC)',
] as const;

const isoUtc = (epochSeconds: number | undefined) =>
  epochSeconds === undefined ? undefined : new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z');

/** What the cells need beyond the row: studio names (rows hold ids), and the time "late" is counted at. */
export interface CsvContext {
  studioName?: (id: string) => string | undefined;
  nowMs?: number;
}

/** A request's cells, in the order of CSV_COLUMNS. */
export function csvCells(wr: WorkRequestRow, context: CsvContext = {}): CsvValue[] {
  const from = wr.from;
  const assignee = wr.translation?.translator ?? wr.graphicsTranslation?.translator;
  return [
    wr._id,
    wr.asset?.name,
    wr.assetType ?? wr.asset?.type,
    wr.asset?.mediaType,
    wr.studio === undefined ? undefined : context.studioName?.(wr.studio),
    wr.project?.name,
    wr.language,
    wr.territory,
    wr.status,
    isoUtc(wr.due?.date),
    wr.due?.tz,
    lateness(wr.due?.date, wr.status, context.nowMs)?.days,
    isoUtc(wr.deliveryDeadline?.date),
    wr.deliveryDeadline?.tz,
    assignee?.name,
    assignee?.emailNormal,
    from?.name,
    from?.emailNormal,
    from?.groups?.[0]?.name,
    isoUtc(wr.created),
  ];
}

/** The whole file: a byte order mark (so spreadsheet programs read UTF-8), the header line, one line per request. */
export function toCsv(rows: readonly WorkRequestRow[], context: CsvContext = {}): string {
  return csvDocument(
    CSV_COLUMNS,
    rows.map((row) => csvCells(row, context)),
  );
}

const FILE_PREFIX = { all: 'work-requests', automation: 'automation-queue', selection: 'work-requests-selection' };

/** e.g. `work-requests-2026-11-22.csv`; `automation-queue-…` for the queue, `work-requests-selection-…` for rows chosen. */
export function csvFileName(view: keyof typeof FILE_PREFIX, now: Date = new Date()): string {
  return `${FILE_PREFIX[view]}-${now.toISOString().slice(0, 10)}.csv`;
}
