/** Delivery specifications (extension, docs/API.md "Delivery specifications"): the spec a translation is judged by. */
import { appliedSpec } from './schema/deliverySpec';
import { requestRecord } from './client';

/** `GET /specs/applied?translation=`: the order's spec (named, matched, or the built-in limits) and why. */
export async function appliedSpecOf(translation: string, signal?: AbortSignal) {
  return (await requestRecord(appliedSpec, 'GET', '/specs/applied', { query: { translation }, signal })).data;
}
