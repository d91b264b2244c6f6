import type {
  ApplyMacroInput,
  ApplyMacroResult,
  CreateMacroInput,
  CreateTeamInput,
  HelpdeskOverview,
  HelpdeskSettings,
  HelpdeskSettingsInput,
  Macro,
  MacroList,
  OverviewPeriod,
  SupportTeam,
  SupportTeamList,
  UpdateMacroInput,
  UpdateTeamInput,
} from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ticketsQueryKey } from './tickets.queries';

// The help desk overview, macros, teams and settings (issue 21).

/** Under the tickets' key: a ticket change anywhere refreshes the overview's figures too. */
export const helpdeskOverviewQueryOptions = (days: OverviewPeriod) =>
  queryOptions({
    queryKey: [...ticketsQueryKey, 'overview', days],
    queryFn: ({ signal }) =>
      apiRequest<HelpdeskOverview>(`/api/v1/helpdesk/overview?days=${days}`, { signal }),
  });

export const macrosQueryKey = ['helpdesk', 'macros'] as const;

export const macrosQueryOptions = () =>
  queryOptions({
    queryKey: macrosQueryKey,
    queryFn: ({ signal }) => apiRequest<MacroList>('/api/v1/helpdesk/macros', { signal }),
  });

const macroPath = (id: string) => `/api/v1/helpdesk/macros/${encodeURIComponent(id)}`;

export const createMacro = (input: CreateMacroInput) =>
  apiRequest<Macro>('/api/v1/helpdesk/macros', { method: 'POST', json: input });

export const updateMacro = (id: string, input: UpdateMacroInput) =>
  apiRequest<Macro>(macroPath(id), { method: 'PATCH', json: input });

export const deleteMacro = (id: string) => apiRequest<void>(macroPath(id), { method: 'DELETE' });

export const applyMacro = (ticketId: string, input: ApplyMacroInput) =>
  apiRequest<ApplyMacroResult>(`/api/v1/helpdesk/tickets/${encodeURIComponent(ticketId)}/apply-macro`, {
    method: 'POST',
    json: input,
  });

export const teamsQueryKey = ['helpdesk', 'teams'] as const;

export const teamsQueryOptions = () =>
  queryOptions({
    queryKey: teamsQueryKey,
    queryFn: ({ signal }) => apiRequest<SupportTeamList>('/api/v1/helpdesk/teams', { signal }),
  });

const teamPath = (id: string) => `/api/v1/helpdesk/teams/${encodeURIComponent(id)}`;

export const createTeam = (input: CreateTeamInput) =>
  apiRequest<SupportTeam>('/api/v1/helpdesk/teams', { method: 'POST', json: input });

export const updateTeam = (id: string, input: UpdateTeamInput) =>
  apiRequest<SupportTeam>(teamPath(id), { method: 'PATCH', json: input });

export const deleteTeam = (id: string) => apiRequest<void>(teamPath(id), { method: 'DELETE' });

export const helpdeskSettingsQueryKey = ['helpdesk', 'settings'] as const;

export const helpdeskSettingsQueryOptions = () =>
  queryOptions({
    queryKey: helpdeskSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest<HelpdeskSettings>('/api/v1/helpdesk/settings', { signal }),
  });

export const saveHelpdeskSettings = (input: HelpdeskSettingsInput) =>
  apiRequest<HelpdeskSettings>('/api/v1/helpdesk/settings', { method: 'PUT', json: input });
