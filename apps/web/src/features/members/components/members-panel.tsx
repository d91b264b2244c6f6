import { InviteMemberDialog } from './invite-member-dialog';
import { MembersTable } from './members-table';
import { PendingInvitations } from './pending-invitations';

/** Settings > Members (issue 3): list, invite, change role, deactivate. */
export function MembersPanel({ onShowOutbox }: { onShowOutbox: () => void }) {
  return (
    <section aria-labelledby="members-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-4 p-4 sm:p-6">
        <div>
          <h2 id="members-title" className="text-lg font-semibold text-slate-900">
            Members
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Who can sign in to this workspace, and what their role lets them do.
          </p>
        </div>
        <InviteMemberDialog onShowOutbox={onShowOutbox} />
      </div>
      <MembersTable />
      <PendingInvitations />
    </section>
  );
}
