/**
 * Which reports the signed-in person may run (`GET /reports`, docs/API.md "Reports"): the Reports page lists them, and
 * the navigation offers the page to whoever may run one. Staff run every report; anyone else (a client whose
 * project-wide Permission holds a report's flag) is asked, once per session, after the page's own requests.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportName, ReportParams } from '../../api/reports';
import { listOfferedReports } from '../../api/offeredReports';
import type { User } from '../../api/schema/user';
import { runsOrders } from '../../lib/landing';

/** The reports' cache keys: which reports are offered, and each report's figures for its query. */
export const reportKeys = {
  all: ['reportFigures'] as const,
  offered: () => [...reportKeys.all, 'offered'] as const,
  report: (name: ReportName | undefined, query: ReportParams) => [...reportKeys.all, name ?? '', query] as const,
};

/** The reports offered. */
export const offeredReportsOptions = () =>
  queryOptions({
    queryKey: reportKeys.offered(),
    queryFn: ({ signal }) => listOfferedReports(signal),
    // What a person may run changes with an admin's edit of their Permissions: rare, and the page asks again.
    staleTime: 10 * 60_000,
  });

/** Whether the navigation offers the Reports page: staff always; others once `GET /reports` names one for them. */
export function useOffersReports(user: User | undefined): boolean {
  const staff = runsOrders(user);
  const offered = useQuery({ ...offeredReportsOptions(), enabled: user !== undefined && !staff });
  return staff || (offered.data?.length ?? 0) > 0;
}
