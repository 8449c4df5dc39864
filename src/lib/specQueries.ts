/**
 * A studio's delivery specifications and the default an order there gets (docs/API.md "Delivery specifications"):
 * read by the order wizard and the order edit dialog. A deployment without the extension answers 404 once (not
 * retried) and the pickers are left out.
 */
import { queryOptions } from '@tanstack/react-query';
import { appliedSpecForPlace, listStudioSpecs } from '../api/specs';
import { isUnavailable } from '../api/client';

export const specKeys = {
  all: ['specs'] as const,
  studio: (studio: string) => [...specKeys.all, 'studio', studio] as const,
  applied: (studio: string, project: string, language: string) =>
    [...specKeys.all, 'applied', studio, project, language] as const,
};

const retry = (count: number, error: unknown) => !isUnavailable(error) && count < 1;

export function studioSpecsOptions(studio: string) {
  return queryOptions({
    queryKey: specKeys.studio(studio),
    queryFn: ({ signal }) => listStudioSpecs(studio, signal),
    staleTime: 5 * 60_000,
    retry,
  });
}

export function appliedSpecForPlaceOptions(studio: string, project: string, language: string) {
  return queryOptions({
    queryKey: specKeys.applied(studio, project, language),
    queryFn: ({ signal }) => appliedSpecForPlace({ studio, project, language }, signal),
    staleTime: 5 * 60_000,
    retry,
  });
}
