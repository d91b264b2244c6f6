import type { Db } from '@atrium/db';
import { allows } from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import type { Notifier } from '../../platform/notifications/notifications.service';
import { createApprovalsService } from './approvals.service';
import { createLiveClockService } from './live-clock.service';
import { createPayrollExportService } from './payroll-export.service';
import { timeEntriesRepository as repository } from './time-entries.repository';
import { scopeOf } from './time-entry-access';
import { createTimesheetService } from './timesheet.service';

/** Issue 17: the activity log shows an entry's clock-ins, decisions and corrections to those who see the entry. */
export const timeEntriesReadRules = {
  time_entry: {
    visible(member) {
      const scope = allows(member, 'time:track-own') ? scopeOf(member) : undefined;
      if (!scope) return false;
      return scope.ownEmployeeId
        ? (entry) => repository.entryIn(member.tenantId, scope, entry.entityId)
        : true;
    },
  },
} satisfies Pick<ActivityAudience, 'time_entry'>;

export function createTimeEntriesService(deps: {
  db: Db;
  notifier: Notifier;
  payrollEmployeesPerBatch?: number | undefined;
}) {
  return {
    ...createTimesheetService(deps),
    ...createLiveClockService(deps),
    ...createApprovalsService(deps),
    ...createPayrollExportService(deps),
  };
}

export type TimeEntriesService = ReturnType<typeof createTimeEntriesService>;
