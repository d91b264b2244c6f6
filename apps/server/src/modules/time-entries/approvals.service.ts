import type { Db } from '@atrium/db';
import {
  approvalRefusal,
  decisionStatus,
  localDate,
  type ApprovalDecision,
  type BulkDecisionInput,
  type TimeEntry,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, conflict, forbidden } from '../../platform/errors/app-error';
import type { Notifier } from '../../platform/notifications/notifications.service';
import { timeEntriesRepository as repository } from './time-entries.repository';
import { entryView, visibleEntry } from './time-entry-access';
import { entryName, toView } from './time-entry-view';

/** Where a person finds their decided entries: the timesheet, filtered to the decision. */
const decidedLink = (status: 'approved' | 'rejected') => `/team/time-tracking?status=${status}`;

/** The Approval Queue: Approve and Reject, one entry or many. */
export function createApprovalsService({ db, notifier }: { db: Db; notifier: Notifier }) {
  return {
    /** Spec 4: approve or reject a completed entry; final. Issue 4: never one's own. */
    async decide(member: Member, id: string, decision: ApprovalDecision): Promise<TimeEntry> {
      const entry = await visibleEntry(db, member, id);
      const refusal = approvalRefusal(entry, member.employeeId);
      if (refusal?.reason === 'own-entry') throw forbidden(refusal.message);
      if (refusal?.reason === 'already-decided') throw conflict(refusal.message);
      if (refusal) throw new AppError('unprocessable', refusal.message);
      const status = decisionStatus[decision];
      await db.transaction(async (tx) => {
        const changed = await repository.decide(tx, {
          tenantId: member.tenantId,
          ids: [id],
          status,
          decidedBy: member.employeeId,
          at: new Date(),
        });
        // Someone decided between our read and our write.
        if (changed.length === 0) throw conflict('This entry was already decided; decisions are final');
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: status,
          entityType: 'time_entry',
          entityId: id,
          summary: `${status} ${entryName(entry)}'s time entry (${entry.totalHours} h)`,
          data: { before: { status: entry.status }, after: { status } },
        });
        await notifier.notify({
          tx,
          tenantId: member.tenantId,
          actor: actorOf(member),
          recipients: { employees: [entry.employeeId] },
          kind: 'time_entry_decided',
          record: { type: 'time_entry', id, link: decidedLink(status) },
          title: `${member.name} ${status} your time entry of ${localDate(entry.clockIn, member.timeZone)}`,
          body: `${entry.totalHours} h`,
        });
      });
      return entryView(db, member, id);
    },

    /** Bulk approve / reject in one transaction: all or nothing; the refusal names each entry. */
    async decideMany(member: Member, input: BulkDecisionInput): Promise<TimeEntry[]> {
      const ids = [...new Set(input.ids)];
      const status = decisionStatus[input.decision];
      await db.transaction(async (tx) => {
        const rows = new Map(
          (await repository.lockForDecision(tx, member.tenantId, ids)).map((row) => [row.id, row]),
        );
        const fields: Record<string, string> = {};
        input.ids.forEach((id, index) => {
          const row = rows.get(id);
          const refusal = row ? approvalRefusal(row, member.employeeId) : undefined;
          if (!row) fields[`ids.${index}`] = 'Time entry not found';
          else if (refusal) fields[`ids.${index}`] = refusal.message;
        });
        const refused = Object.keys(fields).length;
        if (refused > 0) {
          throw new AppError(
            'unprocessable',
            `${refused} of the ${ids.length} selected entries cannot be ${status}; nothing was changed`,
            fields,
          );
        }
        const changed = await repository.decide(tx, {
          tenantId: member.tenantId,
          ids,
          status,
          decidedBy: member.employeeId,
          at: new Date(),
        });
        if (changed.length !== ids.length) {
          throw conflict('Some entries were decided meanwhile; nothing was changed');
        }
        for (const id of ids) {
          await activityLog.record(tx, {
            tenantId: member.tenantId,
            actor: actorOf(member),
            action: status,
            entityType: 'time_entry',
            entityId: id,
            summary: `${status} a time entry (bulk, ${ids.length} entries)`,
            data: { before: { status: 'completed' }, after: { status }, bulk: true },
          });
        }
        // One notification per person, however many of their entries were decided at once.
        const idsByEmployee = new Map<string, string[]>();
        for (const id of ids) {
          const employeeId = rows.get(id)!.employeeId;
          idsByEmployee.set(employeeId, [...(idsByEmployee.get(employeeId) ?? []), id]);
        }
        for (const [employeeId, theirs] of idsByEmployee) {
          await notifier.notify({
            tx,
            tenantId: member.tenantId,
            actor: actorOf(member),
            recipients: { employees: [employeeId] },
            kind: 'time_entry_decided',
            record: { type: 'time_entry', id: theirs[0]!, link: decidedLink(status) },
            title:
              theirs.length === 1
                ? `${member.name} ${status} your time entry`
                : `${member.name} ${status} ${theirs.length} of your time entries`,
          });
        }
      });
      return (await repository.listByIds(db, member.tenantId, ids)).map(toView);
    },
  };
}
