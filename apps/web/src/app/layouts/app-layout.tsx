import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import {
  hasPermission,
  MeProvider,
  meQueryOptions,
  signInPathFor,
  useSessionWatch,
} from '../../features/accounts';
import { useRealtimeUpdates } from '../../features/realtime';
import { mayOpenPage } from '../app-pages';
import { useCurrentPage } from '../current-page';
import { RoutePending } from '../route-pending';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { NoAccess } from './no-access';

/** Spec section 2, "Layouts": a header plus a sidebar 64 units wide, for every non-public path. */
export function AppLayout() {
  const { data } = useQuery(meQueryOptions());
  // The last signed-in person stays on screen while signing out navigates away.
  const [me, setMe] = useState(data);
  if (data && data !== me) setMe(data);

  const page = useCurrentPage();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  useSessionWatch();
  useRealtimeUpdates(data?.workspace.id);

  // The session ended while the page was open (issue 3: idle and absolute timeouts): sign in again and
  // come back. A navigation under way (signing out) is already leaving.
  const sessionEnded = data === null && navigation.state === 'idle';
  useEffect(() => {
    if (sessionEnded) void navigate(signInPathFor(location.pathname + location.search), { replace: true });
  }, [sessionEnded, navigate, location.pathname, location.search]);

  if (!me) return <RoutePending />;
  const allowed = !page || mayOpenPage(page, (action) => hasPermission(me, action));

  return (
    <MeProvider me={me}>
      <div className="min-h-dvh bg-slate-50">
        <SkipLink />
        <AppHeader me={me} />
        <div className="flex">
          <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
            <AppSidebar me={me} />
          </aside>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
            {allowed || !page ? <Outlet /> : <NoAccess page={page} me={me} />}
          </main>
        </div>
      </div>
    </MeProvider>
  );
}
