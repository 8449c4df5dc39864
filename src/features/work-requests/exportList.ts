/**
 * Exporting the list or the queue as CSV: every page of what the URL's view and filters select, read in pages of
 * 100 (the server's largest), up to 10,000 rows. Loaded only when someone exports (the list page imports it then).
 */
import type { ListPage } from '../../api/client';
import { listAutomateJobs, listWorkRequests, type WorkRequestFilters } from '../../api/workRequests';
import type { WorkRequestRow } from '../../api/schema/workRequestRow';
import { downloadText } from '../../lib/download';
import { csvFileName, toCsv } from './model/csv';
import { toListRow } from './model/listRow';
import type { ListView } from './model/filters';

export const EXPORT_LIMIT = 10_000;
const EXPORT_PAGE = 100;

export interface ExportProgress {
  /** Records read so far (readable or not). */
  done: number;
  /** From Content-Range, when the deployment sends it. */
  total: number | undefined;
}

export interface CollectedRows {
  rows: WorkRequestRow[];
  total: number | undefined;
  /** Records that did not match the contract: left out of the file, and said. */
  unreadable: number;
  /** More records were there than the limit. */
  truncated: boolean;
}

interface Options {
  /** Studio names for the file's studio column (rows hold ids). */
  studioName?: (id: string) => string | undefined;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  limit?: number;
}

export async function collectWorkRequests(
  view: ListView,
  filters: WorkRequestFilters,
  options: Options = {},
): Promise<CollectedRows> {
  const { signal, onProgress, limit = EXPORT_LIMIT } = options;
  const rows: WorkRequestRow[] = [];
  let unreadable = 0;
  let total: number | undefined;
  let offset: number | undefined = 0;
  while (offset !== undefined && rows.length + unreadable < limit) {
    const size = Math.min(EXPORT_PAGE, limit - rows.length - unreadable);
    const page: ListPage<WorkRequestRow> =
      view === 'automation'
        ? await listAutomateJobs({ offset, size, signal })
        : await listWorkRequests(filters, { offset, size, signal });
    total = page.total;
    for (const item of page.items) {
      if (item.ok) rows.push(toListRow(item.data));
      else unreadable += 1;
    }
    onProgress?.({ done: rows.length + unreadable, total });
    offset = page.items.length > 0 ? page.nextOffset : undefined;
  }
  return { rows, total, unreadable, truncated: offset !== undefined };
}

/** Collects, writes the CSV and hands it to the browser's download; answers what was exported. */
export async function exportWorkRequestsCsv(
  view: ListView,
  filters: WorkRequestFilters,
  options: Options = {},
): Promise<CollectedRows & { fileName: string }> {
  const collected = await collectWorkRequests(view, filters, options);
  return { ...collected, fileName: downloadCsv(collected.rows, view, options.studioName) };
}

/** Writes `rows` as the CSV file and hands it to the browser's download; answers the file's name. */
export function downloadCsv(
  rows: readonly WorkRequestRow[],
  kind: Parameters<typeof csvFileName>[0],
  studioName?: (id: string) => string | undefined,
): string {
  const fileName = csvFileName(kind);
  downloadText(fileName, toCsv(rows, { studioName }), 'text/csv;charset=utf-8');
  return fileName;
}
