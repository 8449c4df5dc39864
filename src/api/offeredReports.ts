/**
 * Extension `GET /reports` (docs/API.md "Reports"): the reports the signed-in person may run. Apart from the reports'
 * figures (api/reports.ts): the navigation asks it, and must not load the reports page with it.
 */
import * as z from 'zod/mini';
import { send } from './client';
import { REPORT_NAMES, type ReportName } from './schema/reports';

const offered = z.object({ reports: z.array(z.string()) });

export async function listOfferedReports(signal?: AbortSignal): Promise<ReportName[]> {
  const { json } = await send('GET', '/reports', { signal });
  const parsed = offered.safeParse(json);
  const names = parsed.success ? parsed.data.reports : [];
  return REPORT_NAMES.filter((n) => names.includes(n));
}
