import type { Invitation } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/dates';
import { roleLabels } from '../../../lib/role-labels';
import { useWorkspaceTimeZone } from '../../workspace';
import { cancelInvitation, invitationsQueryOptions } from '../api/members.queries';

/** Settings > Members: invitations nobody has answered yet, each with Cancel (issue 3). */
export function PendingInvitations() {
  const queryClient = useQueryClient();
  const timeZone = useWorkspaceTimeZone();
  const invitations = useQuery(invitationsQueryOptions());
  const [confirming, setConfirming] = useState<Invitation | null>(null);

  const cancel = useMutation({
    mutationFn: (invitation: Invitation) => cancelInvitation(invitation.id),
    onSuccess: (_, invitation) => {
      void queryClient.invalidateQueries({ queryKey: invitationsQueryOptions().queryKey });
      toast.success(`The invitation to ${invitation.email} is cancelled`, {
        description: 'Its link no longer works.',
      });
    },
    onError: (error) => toast.error('The invitation could not be cancelled', { description: error.message }),
    onSettled: () => setConfirming(null),
  });

  return (
    <section aria-labelledby="invitations-title" className="border-t border-slate-200">
      <h3 id="invitations-title" className="px-4 pt-5 text-base font-semibold text-slate-900 sm:px-6">
        Pending invitations
      </h3>
      {invitations.isPending ? (
        <div role="status" className="flex items-center gap-2 px-4 py-4 text-sm text-slate-600 sm:px-6">
          <Spinner /> Loading the invitations…
        </div>
      ) : invitations.isError ? (
        <div className="px-4 py-4 sm:px-6">
          <ServerErrorAlert error={invitations.error} title="The invitations could not be loaded" />
        </div>
      ) : invitations.data.length === 0 ? (
        <p className="px-4 pt-1 pb-5 text-sm text-slate-600 sm:px-6">No pending invitations.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100">
          {invitations.data.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6"
            >
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">{invitation.email}</p>
                <p className="text-slate-600">
                  {roleLabels[invitation.role]}
                  {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ''} · link works until{' '}
                  {formatDate(invitation.expiresAt, timeZone)}
                </p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(invitation)}>
                Cancel invitation
                <span className="sr-only"> to {invitation.email}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Cancel the invitation to ${confirming?.email}?`}
        description="The link in their mail stops working. You can invite them again at any time."
        confirmLabel="Cancel invitation"
        pending={cancel.isPending}
        onConfirm={() => {
          if (confirming) cancel.mutate(confirming);
        }}
      />
    </section>
  );
}
