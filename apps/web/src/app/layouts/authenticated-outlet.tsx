// The portal's share of Mantine's styles (see src/styles.css).
// oxlint-disable-next-line import/no-unassigned-import -- a stylesheet, imported for its rules
import '../portal-styles.css';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionCheck } from '../../features/auth/api/get-session.ts';
import { useSessionKeepAlive } from '../../features/auth/hooks/use-session-keep-alive.ts';
import { useLiveEvents } from '../../features/live/hooks/use-live-events.ts';
import { notify } from '../../lib/notify.ts';
import { endSession, getLoginExpiry, useSession } from '../../lib/session.ts';
import { loginHrefFor } from '../guards.ts';
import { ServerStateProvider } from '../server-state-provider.tsx';

// The first notification fetches its component; a first one shown offline ("no connection")
// could not. Fetch it now, with the portal, while the connection is known to work.
import('../../components/ui/notification-item.tsx').catch(() => {
  // Offline after all: the first notification tries again.
});

/**
 * Everything that needs a login sits below this. The loader guards navigations; this guards
 * the time in between: expiry, a 401, a logout here or in another tab.
 */
export function Component() {
  return (
    <ServerStateProvider>
      <AuthenticatedArea />
    </ServerStateProvider>
  );
}

function AuthenticatedArea() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname, search } = useLocation();
  useSessionKeepAlive();
  // New letters and changes from other tabs and devices, while logged in.
  useLiveEvents();
  // After a reload only the expiry is known; fetch the name, accounts and lifetime.
  useSessionCheck(session.loginToken, session.isLoggedIn && session.accounts.length === 0);

  useEffect(() => {
    if (session.isLoggedIn) return;
    // Time ran out while the page was open: log out locally as the rules say.
    if (getLoginExpiry() !== null) endSession('expired');
  }, [session.isLoggedIn]);

  useEffect(() => {
    if (session.endReason === 'expired' || session.endReason === 'unauthenticated') {
      notify({ type: 'warning', message: t('session.expired') });
    }
  }, [session.endReason, t]);

  if (!session.isLoggedIn) return <Navigate to={loginHrefFor(pathname, search)} replace />;
  return <Outlet />;
}
