/** Deliveries (extension, docs/API.md "Deliveries"): an order's final files by format. */
import { requestRecord } from './client';
import { deliveries, type DeliveryInput } from './schema/delivery';

/** `GET /workrequests/{id}/deliveries`: the formats and their files, with download links for those who may. */
export function getDeliveries(workRequestId: string, signal?: AbortSignal) {
  return requestRecord(deliveries, 'GET', `/workrequests/${workRequestId}/deliveries`, { signal });
}

/** `POST /workrequests/{id}/deliveries`: a File uploaded into the order attached as one format's file. */
export function attachDelivery(workRequestId: string, input: DeliveryInput) {
  return requestRecord(deliveries, 'POST', `/workrequests/${workRequestId}/deliveries`, { body: input });
}

/** `DELETE /workrequests/{id}/deliveries/{file}?reason=…`: a file delivered by mistake taken back; its links stop. */
export function removeDelivery(workRequestId: string, fileId: string, reason: string) {
  return requestRecord(deliveries, 'DELETE', `/workrequests/${workRequestId}/deliveries/${fileId}`, {
    query: { reason },
  });
}
