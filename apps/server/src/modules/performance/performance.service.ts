import type { SQL } from 'drizzle-orm';
import { allows } from '@atrium/shared';
import type {
  ActivityAudience,
  EntryColumns,
  EntryVisibility,
} from '../../platform/activity/activity-audience';
import type { Member } from '../../platform/auth/member-context';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import type { Notifier } from '../../platform/notifications/notifications.service';
import { createEmployeeSummaryService, type EmployeeSummaryDeps } from './employee-summary.service';
import { createGoalsService } from './goals.service';
import { createPerformanceExportService } from './performance-export.service';
import { performanceRepository as repo } from './performance.repository';
import { visibleScope } from './performance-scope';
import { createPerformanceStatsService } from './performance-stats.service';
import { createReviewsService } from './reviews.service';

/** The activity entries about reviews or goals the member may see: those of the people in their scope. */
function entriesInScope(
  member: Member,
  ofEmployee: (tenantId: string, employeeId: string, id: EntryColumns['entityId']) => SQL,
): EntryVisibility {
  const scope = allows(member, 'performance:view') ? visibleScope(member, undefined) : null;
  if (!scope) return false;
  const { employeeId } = scope;
  return employeeId ? (entry) => ofEmployee(member.tenantId, employeeId, entry.entityId) : true;
}

/** Issue 17: the activity log shows a review or goal to those the lists show it to, and no one else. */
export const performanceReadRules = {
  performance_review: { visible: (member) => entriesInScope(member, repo.reviewOf) },
  goal: { visible: (member) => entriesInScope(member, repo.goalOf) },
} satisfies Pick<ActivityAudience, 'performance_review' | 'goal'>;

export function createPerformanceService(
  deps: EmployeeSummaryDeps & {
    memo: WorkspaceMemo;
    /** The person a review is written about hears of it. */
    notifier: Notifier;
  },
) {
  return {
    ...createPerformanceStatsService(deps),
    ...createReviewsService(deps),
    ...createGoalsService(deps),
    ...createEmployeeSummaryService(deps),
    ...createPerformanceExportService(deps),
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
