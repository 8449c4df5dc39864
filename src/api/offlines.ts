/** Offlines: spec operation 6, and the list extension. */
import { offline, type Offline, type OfflineVerdict } from './schema/offline';
import { requestList, requestRecord, type ListOptions } from './client';

/** Operation 6 `POST /offlines`: asks for an offline of a work request; the server fills the rest. */
export function postOffline(record: Offline) {
  return requestRecord(offline, 'POST', '/offlines', { body: record });
}

/** Extension `GET /offlines?workRequest=`. */
export function listOfflines(workRequestId: string, options: Omit<ListOptions, 'query'> = {}) {
  return requestList(offline, '/offlines', { ...options, query: { workRequest: workRequestId } });
}

/** Extension `POST /offlines/{id}/review`: the studio approves an offline, or rejects it with a reason. */
export function reviewOffline(id: string, verdict: OfflineVerdict) {
  return requestRecord(offline, 'POST', `/offlines/${id}/review`, { body: verdict });
}
