/**
 * The app's languages and territories, loaded, for a picker of both (the wizard's language step, the queue's pairs):
 * a skeleton while they load, an error with Retry when they cannot be read, else `children` with both lists.
 */
import type { ReactNode } from 'react';
import type { Language } from '../../../api/schema/language';
import type { Territory } from '../../../api/schema/territory';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonLines } from '../../../components/Skeleton';
import { useLanguages, useTerritories } from '../queries';

export function WithLanguages({
  children,
}: {
  children: (languages: readonly Language[], territories: readonly Territory[]) => ReactNode;
}) {
  const languages = useLanguages();
  const territories = useTerritories();
  if (languages.isPending || territories.isPending)
    return <SkeletonLines lines={4} label="Loading languages and territories" />;
  if (languages.isError || territories.isError)
    return (
      <ErrorPanel
        error={languages.error ?? territories.error}
        title="Could not load the languages and territories"
        onRetry={() => void Promise.all([languages.refetch(), territories.refetch()])}
      />
    );
  return children(languages.data, territories.data);
}
