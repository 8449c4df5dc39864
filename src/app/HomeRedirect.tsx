/** The index route: sends each user to their landing page (src/lib/landing.ts). */
import { Navigate } from 'react-router';
import { useSession } from '../lib/session/useSession';
import { landingPath } from '../lib/landing';

export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={landingPath(session?.user)} replace />;
}
