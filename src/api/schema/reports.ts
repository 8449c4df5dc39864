/**
 * The reports (docs/API.md "Reports") and the Permission flag that opens each: the server gates them by it
 * (server/domain/reports.ts) and the app names them in this order.
 */
import type { AccessFlag } from './permission';

export const REPORT_FLAGS = {
  orders: 'workRequestReport',
  volume: 'workRequestReport',
  exceptions: 'exceptionReport',
  rejections: 'exceptionReport',
  spending: 'groupSpendingReport',
  downloads: 'downloadReport',
  // The recipients' votes and answers: the flag that lets a person see how others voted (docs/API.md "Reports").
  feedback: 'shareVotingView',
} as const satisfies Record<string, AccessFlag>;
export type ReportName = keyof typeof REPORT_FLAGS;
export const REPORT_NAMES = Object.keys(REPORT_FLAGS) as ReportName[];

export function isReportName(name: string): name is ReportName {
  return Object.hasOwn(REPORT_FLAGS, name);
}
