import { roles, type Member, type Role } from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { roleLabels } from '../../../lib/role-labels';
import { useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import { membersQueryOptions, updateMember } from '../api/members.queries';

type MemberChange = { member: Member; role?: Role; status?: Member['status'] };

function useUpdateMember() {
  const queryClient = useQueryClient();
  const listKey = membersQueryOptions().queryKey;
  return useMutation({
    mutationFn: ({ member, role, status }: MemberChange) =>
      updateMember(member.id, { role, status, version: member.version }),
    onSuccess: (updated, { role }) => {
      queryClient.setQueryData(listKey, (page) =>
        page ? { data: page.data.map((row) => (row.id === updated.id ? updated : row)) } : page,
      );
      toast.success(
        role
          ? `${updated.name} is now ${roleLabels[updated.role]}`
          : `${updated.name} is ${updated.status === 'active' ? 'active again' : 'deactivated'}`,
      );
    },
    onError: (error, { member }) => {
      if (error instanceof ApiError && error.status === 412) {
        toast.error(`${member.name} was changed by someone else`, {
          description: 'The list is reloaded; check it and try again.',
        });
        void queryClient.invalidateQueries({ queryKey: listKey });
        return;
      }
      // 422: one's own account, or the workspace's last active admin.
      toast.error(`${member.name} could not be changed`, { description: error.message });
    },
  });
}

function MemberRow({
  member,
  isSelf,
  timeZone,
  onToggleStatus,
}: {
  member: Member;
  isSelf: boolean;
  timeZone: string | undefined;
  onToggleStatus: (member: Member) => void;
}) {
  const update = useUpdateMember();
  const pendingRole = update.isPending ? update.variables.role : undefined;
  const active = member.status === 'active';

  return (
    <tr className="align-middle">
      <th scope="row" className="py-3 pr-4 pl-4 text-left font-medium text-slate-900 sm:pl-6">
        <span className="flex items-center gap-2">
          {member.name}
          {isSelf ? <Badge tone="brand">You</Badge> : null}
        </span>
      </th>
      <td className="px-4 py-3 text-slate-700">{member.email}</td>
      <td className="px-4 py-3">
        {isSelf ? (
          <span className="text-slate-700">{roleLabels[member.role]}</span>
        ) : (
          <span className="flex items-center gap-2">
            <Select
              aria-label={`Role of ${member.name}`}
              value={pendingRole ?? member.role}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ member, role: event.target.value as Role })}
              className="w-36"
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}
                </option>
              ))}
            </Select>
            {update.isPending ? <Spinner className="text-slate-500" /> : null}
          </span>
        )}
      </td>
      <td className="px-4 py-3">
        <Badge tone={active ? 'success' : 'warning'}>{active ? 'Active' : 'Deactivated'}</Badge>
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(member.joinedAt, timeZone)}</td>
      <td className="py-3 pr-4 pl-4 text-right sm:pr-6">
        {isSelf ? null : (
          <Button variant="secondary" size="sm" onClick={() => onToggleStatus(member)}>
            {active ? 'Deactivate' : 'Reactivate'}
            <span className="sr-only"> {member.name}</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Settings > Members: everyone in the workspace, their role and status (issue 3). */
export function MembersTable() {
  const me = useMe();
  const timeZone = useWorkspaceTimeZone();
  const members = useQuery(membersQueryOptions());
  const update = useUpdateMember();
  const [confirming, setConfirming] = useState<Member | null>(null);

  if (members.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 p-6 text-sm text-slate-600">
        <Spinner /> Loading the members…
      </div>
    );
  }
  if (members.isError) {
    return (
      <div className="p-6">
        <ServerErrorAlert error={members.error} title="The members could not be loaded" />
      </div>
    );
  }

  const deactivating = confirming?.status === 'active';
  return (
    <>
      <div className="relative overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-3 pr-4 pl-4 sm:pl-6">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Joined
              </th>
              <th scope="col" className="py-3 pr-4 pl-4 text-right sm:pr-6">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isSelf={member.userId === me.user.id}
                timeZone={timeZone}
                onToggleStatus={setConfirming}
              />
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={deactivating ? `Deactivate ${confirming?.name}?` : `Reactivate ${confirming?.name}?`}
        description={
          deactivating
            ? 'They are signed out at once and can no longer sign in to this workspace. Their records stay, and you can reactivate them later.'
            : 'They can sign in to this workspace again, with the role they had.'
        }
        confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
        pending={update.isPending}
        destructive={deactivating}
        onConfirm={() => {
          if (!confirming) return;
          update.mutate(
            { member: confirming, status: deactivating ? 'deactivated' : 'active' },
            { onSettled: () => setConfirming(null) },
          );
        }}
      />
    </>
  );
}
