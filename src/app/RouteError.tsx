/** What a route shows when it fails to load or render. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPanel } from '../components/ErrorPanel';
import { NotFoundPage } from './NotFoundPage';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  return (
    <div className="page page--narrow">
      <h1 className="page__title">Something went wrong</h1>
      <ErrorPanel
        error={
          chunkFailed
            ? new Error(
                'This part of the app could not be loaded. The app may have been updated: reload to get the new version.',
              )
            : error
        }
        title={chunkFailed ? 'Could not load this page' : 'This page failed'}
        onRetry={() => window.location.reload()}
      />
    </div>
  );
}
