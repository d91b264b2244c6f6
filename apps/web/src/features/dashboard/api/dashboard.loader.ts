import type { Me } from '@atrium/shared';
import type { QueryClient } from '@tanstack/react-query';
import { hasPermission } from '../../accounts';
import { workspaceSettingsQueryOptions } from '../../workspace';
import { recentActivityQueryOptions } from './activity.queries';
import {
  dashboardQueryOptions,
  gettingStartedQueryOptions,
  upcomingMeetingsQueryOptions,
} from './dashboard.queries';

/**
 * Everything the dashboard shows on arrival, fetched in parallel before it renders: it then renders
 * once, complete, instead of once per answer (ADR 013). A failed answer is left to the page, which
 * shows it in its section.
 */
export function loadDashboard(queryClient: QueryClient, me: Me): Promise<unknown> {
  // The page formats numbers and dates: the first Intl object of a page starts the browser's locale
  // data, a long pause on a slow phone. It happens here, in a task of its own while the answers are
  // on their way, instead of in the middle of rendering them.
  setTimeout(() => new Intl.DateTimeFormat('en').format(0), 0);
  const loads: Promise<unknown>[] = [
    queryClient.ensureQueryData(dashboardQueryOptions()),
    queryClient.ensureQueryData(workspaceSettingsQueryOptions()),
  ];
  if (hasPermission(me, 'calendar:use'))
    loads.push(queryClient.ensureQueryData(upcomingMeetingsQueryOptions()));
  if (hasPermission(me, 'settings:manage'))
    loads.push(queryClient.ensureQueryData(gettingStartedQueryOptions()));
  if (hasPermission(me, 'activity:view')) {
    loads.push(queryClient.ensureInfiniteQueryData(recentActivityQueryOptions()));
  }
  return Promise.allSettled(loads);
}
