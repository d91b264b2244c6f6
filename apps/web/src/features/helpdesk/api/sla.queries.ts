import type {
  BusinessCalendarList,
  BusinessCalendarView,
  CreateBusinessCalendarInput,
  SlaCompliance,
  SlaPolicy,
  SlaPolicyList,
  UpdateBusinessCalendarInput,
  UpdateSlaPolicyInput,
} from '@atrium/shared';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ticketsQueryKey } from './tickets.queries';

/** Every cached SLA answer starts with this key. */
export const slaQueryKey = ['helpdesk-sla'] as const;

const sla = '/api/v1/helpdesk/sla';

export const slaPoliciesQueryOptions = () =>
  queryOptions({
    queryKey: [...slaQueryKey, 'policies'],
    queryFn: ({ signal }) => apiRequest<SlaPolicyList>(`${sla}/policies`, { signal }),
  });

export const slaCalendarsQueryOptions = () =>
  queryOptions({
    queryKey: [...slaQueryKey, 'calendars'],
    queryFn: ({ signal }) => apiRequest<BusinessCalendarList>(`${sla}/calendars`, { signal }),
  });

export const slaComplianceQueryOptions = (period: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...slaQueryKey, 'compliance', period],
    queryFn: ({ signal }) =>
      apiRequest<SlaCompliance>(
        `${sla}/compliance?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`,
        { signal },
      ),
    // Another period keeps the last one's numbers on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

/** A policy or calendar change moves the due times of tickets, and compliance with them. */
export function refreshAfterSlaChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: slaQueryKey }),
    queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  ]);
}

const calendarPath = (id: string) => `${sla}/calendars/${encodeURIComponent(id)}`;

export const updateSlaPolicy = (id: string, input: UpdateSlaPolicyInput) =>
  apiRequest<SlaPolicy>(`${sla}/policies/${encodeURIComponent(id)}`, { method: 'PATCH', json: input });

export const createSlaCalendar = (input: CreateBusinessCalendarInput) =>
  apiRequest<BusinessCalendarView>(`${sla}/calendars`, { method: 'POST', json: input });

export const updateSlaCalendar = (id: string, input: UpdateBusinessCalendarInput) =>
  apiRequest<BusinessCalendarView>(calendarPath(id), { method: 'PUT', json: input });

export const deleteSlaCalendar = (id: string) => apiRequest<void>(calendarPath(id), { method: 'DELETE' });
