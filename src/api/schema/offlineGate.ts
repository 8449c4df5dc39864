/**
 * The offline review gate of the workflow (docs/API.md "Offlines: files and review"): with the asset workflow's
 * `requireOfflineApproval` an order cannot be `complete` until one of its dialogue offlines is approved, and with
 * `requireGraphicsApproval` an order with a graphics translation until one of its graphics offlines is. One pure
 * rule: the server refuses the move with it (domain/workRequests.ts) and the app shows the move disabled with the
 * same words (StatusChangeControl).
 */
import type { OfflineKind, OfflineReview } from './offline';

/** The statuses an order only reaches once its required offlines are approved. */
export const OFFLINE_GATED_STATUSES: readonly string[] = ['complete'];

/** What the work request keeps of each of its offlines (its `offlines` list): enough to apply the gate. */
export interface OfflineSummary {
  _id: string;
  kind: OfflineKind;
  review: OfflineReview;
}

/** What the gate reads of a work request. */
export interface GatedOrder {
  asset?: { workflow?: { requireOfflineApproval?: boolean; requireGraphicsApproval?: boolean } } | null;
  graphicsTranslation?: unknown;
  offlines?: readonly unknown[];
}

function isSummary(o: unknown): o is OfflineSummary {
  return typeof o === 'object' && o !== null && 'kind' in o && 'review' in o;
}

/** Why the order may not move to `to` for want of an approved offline, or undefined when it may. */
export function offlineGateReason(wr: GatedOrder, to: string): string | undefined {
  if (!OFFLINE_GATED_STATUSES.includes(to)) return undefined;
  const workflow = wr.asset?.workflow;
  const offlines = (wr.offlines ?? []).filter(isSummary);
  const approved = (kind: OfflineKind) => offlines.some((o) => o.kind === kind && o.review === 'approved');
  const missing: string[] = [];
  if (workflow?.requireOfflineApproval && !approved('dialogue')) missing.push('an approved offline');
  if (workflow?.requireGraphicsApproval && wr.graphicsTranslation && !approved('graphics'))
    missing.push('an approved graphics offline');
  if (missing.length === 0) return undefined;
  return `status: this asset's workflow needs ${missing.join(' and ')} before the order is "${to}"`;
}
