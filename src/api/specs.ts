/**
 * Delivery specifications (extension, docs/API.md "Delivery specifications"): a studio's specs, the spec a
 * translation is judged by, and the one an order about to be placed would get.
 */
import { appliedSpec, deliverySpec, type DeliverySpec } from './schema/deliverySpec';
import { requestList, requestRecord } from './client';
import { everyPage } from './everyPage';

/** A studio has a handful of specs; at most this many are read for a picker. */
const SPECS_CAP = 500;

/** `GET /specs?studio=`: every spec of the studio, in name order. */
export function listStudioSpecs(studio: string, signal?: AbortSignal): Promise<DeliverySpec[]> {
  return everyPage(
    (offset) => requestList(deliverySpec, '/specs', { offset, size: 100, signal, query: { studio } }),
    SPECS_CAP,
  );
}

/** `GET /specs/applied?studio=&project=&language=`: the spec an order placed there by the caller would get. */
export async function appliedSpecForPlace(
  place: { studio: string; project?: string | undefined; language?: string | undefined },
  signal?: AbortSignal,
) {
  const query = {
    studio: place.studio,
    ...(place.project ? { project: place.project } : {}),
    ...(place.language ? { language: place.language } : {}),
  };
  return (await requestRecord(appliedSpec, 'GET', '/specs/applied', { query, signal })).data;
}

/** `GET /specs/applied?translation=`: the order's spec (named, matched, or the built-in limits) and why. */
export async function appliedSpecOf(translation: string, signal?: AbortSignal) {
  return (await requestRecord(appliedSpec, 'GET', '/specs/applied', { query: { translation }, signal })).data;
}
