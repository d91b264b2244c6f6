import type { Db } from '@atrium/db';
import {
  allows,
  employeeFullName,
  needsReview,
  roundedAverage,
  type EmployeePerformanceSummary,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { readAllPages } from '../../platform/db/batches';
import { notFound } from '../../platform/errors/app-error';
import type { SchedulingService } from '../scheduling';
import { goalPages, toGoal } from './goals.service';
import { performanceRepository as repo } from './performance.repository';
import { clock, visibleScope } from './performance-scope';
import { bandView } from './performance-stats.service';
import { reviewPages, toReview } from './reviews.service';

export type EmployeeSummaryDeps = {
  db: Db;
  /** The Schedule tab is the scheduling module's week of the employee. */
  scheduling: Pick<SchedulingService, 'employeeWeek'>;
};

export function createEmployeeSummaryService({ db, scheduling }: EmployeeSummaryDeps) {
  return {
    /** The directory details dialog's Performance and Schedule tabs for one employee. */
    async employeeSummary(member: Member, employeeId: string): Promise<EmployeePerformanceSummary> {
      const employee = await repo.findEmployee(db, member.tenantId, employeeId);
      if (!employee) throw notFound('Employee');
      const time = clock(member);
      let performance: EmployeePerformanceSummary['performance'] = null;
      if (visibleScope(member, employeeId)) {
        const totals = await repo.reviewTotals(db, member.tenantId, employeeId);
        const average =
          totals.count > 0 && totals.sum !== null ? roundedAverage(totals.sum, totals.count) : null;
        const scope = { employeeId };
        const reviewPage = reviewPages(db, member.tenantId, { ...scope, range: null });
        const reviews = await readAllPages(reviewPage.fetch, reviewPage.keyOf, 100);
        const goalPage = goalPages(db, member.tenantId, { ...scope, today: time.today });
        const goals = await readAllPages(goalPage.fetch, goalPage.keyOf, 200);
        performance = {
          averageRating: average,
          band: bandView(average),
          needsReview: needsReview(totals.latestMs === null ? null : new Date(totals.latestMs), time.now),
          reviews: reviews.map(toReview),
          goals: goals.map((row) => toGoal(row, time.today)),
        };
      }
      return {
        employee: {
          id: employee.id,
          name: employeeFullName(employee),
          employeeCode: employee.employeeCode,
          department: employee.department,
          jobTitle: employee.jobTitle,
          status: employee.status,
        },
        performance,
        schedule: allows(member, 'schedule:view') ? await scheduling.employeeWeek(member, employeeId) : null,
      };
    },
  };
}
