import type { Invitation, InviteMemberInput, Member, UpdateMemberInput } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: ['members', 'list'],
    queryFn: ({ signal }) => apiRequest<{ data: Member[] }>('/api/v1/members', { signal }),
    select: (page) => page.data,
  });

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: ['members', 'invitations'],
    queryFn: ({ signal }) => apiRequest<{ data: Invitation[] }>('/api/v1/members/invitations', { signal }),
    select: (page) => page.data.filter((invitation) => invitation.status === 'pending'),
  });

export const updateMember = (id: string, input: UpdateMemberInput) =>
  apiRequest<Member>(`/api/v1/members/${encodeURIComponent(id)}`, { method: 'PATCH', json: input });

export const inviteMember = (input: InviteMemberInput) =>
  apiRequest<Invitation>('/api/v1/members/invitations', { method: 'POST', json: input });

export const cancelInvitation = (id: string) =>
  apiRequest<void>(`/api/v1/members/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
