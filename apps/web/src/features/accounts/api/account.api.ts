import type { AcceptInvitationInput, InvitationPreview, LoginInput, Me, SignupInput } from '@atrium/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const signIn = (input: LoginInput) =>
  apiRequest<Me>('/api/v1/auth/login', { method: 'POST', json: input });

/** Signed in at once, or — where the server confirms addresses — a link was mailed to `confirmEmail`. */
export const signUp = (input: SignupInput) =>
  apiRequest<Me | { confirmEmail: string }>('/api/v1/auth/signup', { method: 'POST', json: input });

export const signOut = () => apiRequest<void>('/api/v1/auth/logout', { method: 'POST' });

export const switchWorkspace = (workspaceId: string) =>
  apiRequest<Me>('/api/v1/me/workspace', { method: 'POST', json: { workspaceId } });

export const acceptInvitation = (id: string, input: AcceptInvitationInput) =>
  apiRequest<Me>(`/api/v1/invitations/${encodeURIComponent(id)}/accept`, { method: 'POST', json: input });

export const invitationPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['invitations', id, 'preview'],
    queryFn: ({ signal }) =>
      apiRequest<InvitationPreview>(`/api/v1/invitations/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
