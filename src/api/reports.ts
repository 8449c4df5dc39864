/**
 * Extension `GET /reports/{name}` (docs/API.md "Reports"): one report's figures (the reports offered:
 * api/offeredReports.ts). The figures are read as plain JSON objects: the reports feature's model
 * (features/reports/model/reportViews.ts) reads each field it shows defensively.
 */
import { seg, send } from './client';

import { REPORT_NAMES, type ReportName } from './schema/reports';

export { REPORT_NAMES, type ReportName };

/** The query of a report: its range (`from`, `to`: UTC days), filters and period, as strings. */
export type ReportParams = Partial<
  Record<'from' | 'to' | 'studio' | 'project' | 'language' | 'territory' | 'group' | 'vendor' | 'by', string>
>;

export type ReportAnswer = Record<string, unknown>;

export async function fetchReport(name: ReportName, params: ReportParams, signal?: AbortSignal): Promise<ReportAnswer> {
  const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  const { json } = await send('GET', `/reports/${seg(name)}`, { query, signal });
  return json !== null && typeof json === 'object' ? (json as ReportAnswer) : {};
}
