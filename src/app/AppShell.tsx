/** The frame around every signed-in page: skip link, navigation, the current user, sign-out. */
import { NavLink, Outlet, useNavigation } from 'react-router';
import { MainNav } from './MainNav';
import { runsOrders } from '../lib/landing';
import { initials, personGroup } from '../lib/people';
import { signOut } from '../lib/session/sessionStore';
import { Deferred } from '../components/Deferred';
import { useSession } from '../lib/session/useSession';
import { useUploadsStarted } from '../components/uploads/uploadsStarted';
import { useOffersReports } from '../features/reports/offeredReports';

const loadUnreadBadge = () =>
  import('../features/notifications/components/LiveUnreadBadge').then((m) => m.LiveUnreadBadge);
const loadMeRefresher = () => import('./useRefreshMe').then((m) => m.MeRefresher);
// The uploads tray: loaded when the session's first upload is added (with the uploader, never on the first load).
const loadUploadTray = () => import('../components/uploads/UploadTray').then((m) => m.UploadTray);

const NAV = [
  // The coordinators' and admins' landing page (lib/landing.ts); others are not shown it.
  { to: '/dashboard', label: 'Dashboard', onlyFor: runsOrders },
  { to: '/work-requests', label: 'Work requests' },
  { to: '/translations', label: 'Translations' },
  { to: '/shares', label: 'Shares' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/catalog', label: 'Catalog' },
  { to: '/ingests', label: 'Ingests' },
  // Staff run every report over their studios; others when GET /reports offers one (features/reports/offeredReports.ts).
  // After the daily work: looked at weekly, not hourly.
  { to: '/reports', label: 'Reports' },
  { to: '/settings', label: 'Settings' },
];

export function AppShell() {
  const session = useSession();
  const navigation = useNavigation();
  const user = session?.user;
  const name = user?.name || session?.username || '';
  const group = personGroup(user);
  const uploading = useUploadsStarted();
  const offersReports = useOffersReports(user);

  return (
    <div className="shell">
      <Deferred load={loadMeRefresher} props={{}} />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <NavLink to="/work-requests" className="brand" aria-label="MWS Console, work requests">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          <span className="brand__name">MWS Console</span>
        </NavLink>
        <MainNav
          items={NAV.filter(
            (item) => (!item.onlyFor || item.onlyFor(user)) && (item.to !== '/reports' || offersReports),
          )}
          // The live unread count (stream, or polling without it) for the navigation and the browser tab's title:
          // loaded after the first render, so the page's own code and first request go first.
          badge={(item) =>
            item.to === '/notifications' && session ? <Deferred load={loadUnreadBadge} props={{}} /> : null
          }
        />
        <div className="usermenu">
          <span className="avatar" aria-hidden="true">
            {initials(name)}
          </span>
          <span className="usermenu__text">
            <span className="usermenu__name">{name}</span>
            {group ? <span className="usermenu__group">{group}</span> : null}
          </span>
          <button type="button" className="button button--small" onClick={signOut}>
            Sign out
          </button>
        </div>
        {navigation.state === 'loading' ? (
          <div className="progress" role="progressbar" aria-label="Loading page" />
        ) : null}
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      {uploading ? <Deferred load={loadUploadTray} props={{}} /> : null}
    </div>
  );
}
