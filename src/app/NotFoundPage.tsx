/** Any address the app does not know. */
import { Link } from 'react-router';
import { useDocumentTitle } from '../components/PageTitle';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page page--narrow">
      <div className="empty empty--large">
        <p className="empty__code" aria-hidden="true">
          404
        </p>
        <h1 className="page__title">Page not found</h1>
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
        <p>
          <Link to="/work-requests" className="button button--primary">
            Go to work requests
          </Link>
        </p>
      </div>
    </div>
  );
}
