import type {
  CalendarEvent,
  Dashboard,
  EventList,
  GettingStarted,
  Invitee,
  ScheduleMeetingInput,
} from '@atrium/shared';
import { upcomingMeetingsLimit } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Every key starts with 'dashboard': the realtime feature refreshes those on any change.

/**
 * What loadDashboard fetched just before the page rendered counts as current for this long, so that
 * the page does not ask again as it mounts. Changes still show at once: the realtime feature marks
 * the queries stale whatever their age.
 */
export const justLoadedMs = 5_000;

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) => apiRequest<Dashboard>('/api/v1/dashboard', { signal }),
    staleTime: justLoadedMs,
  });

/** The member's own next meetings (organised or invited), from now on. */
export const upcomingMeetingsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'meetings'],
    queryFn: ({ signal }) =>
      apiRequest<EventList>(`/api/v1/calendar/events?mine=true&limit=${upcomingMeetingsLimit}`, { signal }),
    select: (page) => page.data,
    staleTime: justLoadedMs,
  });

export const inviteesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['dashboard', 'invitees', search],
    queryFn: ({ signal }) =>
      apiRequest<{ data: Invitee[] }>(`/api/v1/calendar/invitees?${new URLSearchParams({ q: search })}`, {
        signal,
      }),
    select: (page) => page.data,
    // Typing on keeps the previous matches on screen until the new ones arrive.
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });

export const scheduleMeeting = (input: ScheduleMeetingInput) =>
  apiRequest<CalendarEvent>('/api/v1/calendar/events', { method: 'POST', json: input });

/** The new workspace's checklist (settings:manage); its key starts with 'dashboard', so changes tick it. */
export const gettingStartedQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'getting-started'],
    queryFn: ({ signal }) => apiRequest<GettingStarted>('/api/v1/dashboard/getting-started', { signal }),
    staleTime: justLoadedMs,
  });

export const setGettingStartedDismissed = (dismissed: boolean) =>
  apiRequest<GettingStarted>('/api/v1/dashboard/getting-started', { method: 'PUT', json: { dismissed } });
