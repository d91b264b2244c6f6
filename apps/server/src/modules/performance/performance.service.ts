import type { SQL } from 'drizzle-orm';
import type { Db } from '@atrium/db';
import {
  can,
  employeeFullName,
  exportFileName,
  goalCompletionPercent,
  goalStatus,
  isHighPerformer,
  needsReview,
  needsReviewCutoff,
  ratingBand,
  ratingBands,
  ratingLabel,
  ratingOptions,
  reviewPeriodRange,
  roundRating,
  roundedAverage,
  todayIn,
  type CreateGoalInput,
  type CreateReviewInput,
  type EmployeePerformanceSummary,
  type Goal,
  type GoalStatus,
  type ListPage,
  type PerformanceAnalytics,
  type PerformanceCard,
  type PerformanceOverview,
  type PerformanceStats,
  type PerformanceStatsAnswer,
  type Review,
  type ReviewPeriodFilter,
  type UpdateGoalInput,
} from '@atrium/shared';
import type {
  ActivityAudience,
  EntryColumns,
  EntryVisibility,
} from '../../platform/activity/activity-audience';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { AppError, forbidden, notFound, staleVersion } from '../../platform/errors/app-error';
import { csvPieces, type ExportFile } from '../../platform/exports/export-source';
import { keysetPages, readAllPages } from '../../platform/db/batches';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import { createSchedulingService, nameCursor } from '../scheduling';
import {
  performanceRepository as repo,
  type GoalFilter,
  type GoalRow,
  type PeopleScope,
  type ReviewFilter,
  type ReviewRow,
} from './performance.repository';

const bandView = (average: number | null) => {
  if (average === null) return null;
  const band = ratingBand(average);
  return { id: band.id, label: band.label };
};

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    employee: { id: row.employeeId, name: row.employeeName },
    reviewer: row.reviewerId ? { id: row.reviewerId, name: row.reviewerName ?? '' } : null,
    period: row.period,
    overallRating: row.overallRating,
    ratingLabel: ratingLabel(row.overallRating),
    categories: row.categories,
    feedback: row.feedback,
    nextPeriodGoals: row.nextPeriodGoals,
    reviewedAt: row.reviewedAt.toISOString(),
  };
}

function toGoal(row: GoalRow, today: string): Goal {
  const status = goalStatus(row, today);
  return {
    id: row.id,
    employee: { id: row.employeeId, name: row.employeeName },
    title: row.title,
    description: row.description,
    targetDate: row.targetDate,
    progress: row.progress,
    status,
    overdue: status === 'overdue',
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

type OverviewQuery = {
  employeeId?: string | undefined;
  period: ReviewPeriodFilter;
  limit: number;
  cursor?: string | undefined;
};
type ReviewQuery = {
  employeeId?: string | undefined;
  period: ReviewPeriodFilter;
  rating?: number | undefined;
  limit: number;
  cursor?: string | undefined;
};
type GoalQuery = {
  employeeId?: string | undefined;
  status?: GoalStatus | undefined;
  limit: number;
  cursor?: string | undefined;
};

const emptyStats: PerformanceStats = {
  averageRating: null,
  highPerformers: 0,
  goalCompletion: 0,
  totalReviews: 0,
  activeGoals: 0,
  needReview: 0,
  employees: 0,
};

/**
 * Who the member may see. performance:manage (Managers, Admins): anyone. performance:view alone
 * (Employees): only their own reviews and goals — a colleague's ratings are not team data.
 * Null: nothing (asked for someone else, or no employee record).
 */
function visibleScope(member: Member, employeeId: string | undefined): PeopleScope | null {
  if (can(member.role, 'performance:manage')) return { employeeId };
  if (!member.employeeId || (employeeId && employeeId !== member.employeeId)) return null;
  return { employeeId: member.employeeId };
}

/** The activity entries about reviews or goals the member may see: those of the people in their scope. */
function entriesInScope(
  member: Member,
  ofEmployee: (tenantId: string, employeeId: string, id: EntryColumns['entityId']) => SQL,
): EntryVisibility {
  const scope = can(member.role, 'performance:view') ? visibleScope(member, undefined) : null;
  if (!scope) return false;
  const { employeeId } = scope;
  return employeeId ? (entry) => ofEmployee(member.tenantId, employeeId, entry.entityId) : true;
}

/** Issue 17: the activity log shows a review or goal to those the lists show it to, and no one else. */
export const performanceReadRules = {
  performance_review: { visible: (member) => entriesInScope(member, repo.reviewOf) },
  goal: { visible: (member) => entriesInScope(member, repo.goalOf) },
} satisfies Pick<ActivityAudience, 'performance_review' | 'goal'>;

export function createPerformanceService(db: Db, memo: WorkspaceMemo) {
  const scheduling = createSchedulingService(db, memo);

  const mayManage = (member: Member) => can(member.role, 'performance:manage');

  function clock(member: Member) {
    const now = new Date();
    return { timeZone: member.timeZone, now, today: todayIn(member.timeZone, now) };
  }

  /**
   * The cards and the charts' totals over everyone in scope: every review and goal of the workspace,
   * so the answer is kept until something in the workspace changes.
   */
  function stats(
    tenantId: string,
    scope: PeopleScope,
    period: ReviewPeriodFilter,
    time: { timeZone: string; now: Date; today: string },
  ) {
    const key = ['performance-stats', scope.employeeId ?? '', period, time.timeZone, time.today].join('|');
    return memo.get(tenantId, key, () => computeStats(tenantId, scope, period, time));
  }

  async function computeStats(
    tenantId: string,
    scope: PeopleScope,
    period: ReviewPeriodFilter,
    time: { timeZone: string; now: Date; today: string },
  ) {
    const range = reviewPeriodRange(period, time.timeZone, time.now);
    // Two independent aggregates: on PostgreSQL they run side by side on two connections.
    const [reviews, goals] = await Promise.all([
      repo.reviewStats(db, tenantId, scope, range, needsReviewCutoff(time.now)),
      repo.goalStats(db, tenantId, scope, time.today),
    ]);
    const { histogram } = reviews;
    const reviewed = histogram.reduce((sum, bucket) => sum + bucket.employees, 0);
    const sumOfAverages = histogram.reduce((sum, bucket) => sum + bucket.sumOfAverages, 0);
    const cards: PerformanceStats = {
      // The mean of the employees' (unrounded) averages, shown to 1 decimal (spec 9).
      averageRating: reviewed === 0 ? null : roundRating(sumOfAverages / reviewed),
      highPerformers: histogram
        .filter((bucket) => isHighPerformer(bucket.average))
        .reduce((sum, bucket) => sum + bucket.employees, 0),
      goalCompletion: goalCompletionPercent(goals.completed, goals.total),
      totalReviews: histogram.reduce((sum, bucket) => sum + bucket.reviews, 0),
      activeGoals: goals.total - goals.completed - goals.overdue,
      needReview: reviews.needReview,
      employees: reviews.employees,
    };
    return {
      cards,
      histogram,
      goals: { active: cards.activeGoals, ...goals },
    };
  }

  async function goalView(member: Member, id: string, today: string) {
    const row = await repo.findGoal(db, member.tenantId, id);
    if (!row) throw notFound('Goal');
    return toGoal(row, today);
  }

  /** The goal, if the member may act on it: Managers any, an employee their own (else 404). */
  async function actionableGoal(member: Member, id: string) {
    const row = await repo.findGoal(db, member.tenantId, id);
    if (!row || (!mayManage(member) && row.employeeId !== member.employeeId)) throw notFound('Goal');
    return row;
  }

  const reviewPage = (tenantId: string, filter: ReviewFilter) => ({
    fetch: (after: { at: Date; id: string } | undefined, size: number) =>
      repo.listReviews(db, tenantId, filter, size, after),
    keyOf: (row: ReviewRow) => ({ at: row.reviewedAt, id: row.id }),
  });
  const goalPage = (tenantId: string, filter: GoalFilter) => ({
    fetch: (after: { targetDate: string; id: string } | undefined, size: number) =>
      repo.listGoals(db, tenantId, filter, size, after),
    keyOf: (row: GoalRow) => ({ targetDate: row.targetDate, id: row.id }),
  });

  const allReviews = (tenantId: string, filter: ReviewFilter, max: number) => {
    const { fetch, keyOf } = reviewPage(tenantId, filter);
    return readAllPages(fetch, keyOf, max);
  };
  const allGoals = (tenantId: string, filter: GoalFilter, max: number) => {
    const { fetch, keyOf } = goalPage(tenantId, filter);
    return readAllPages(fetch, keyOf, max);
  };

  /** An export reads at most this many reviews or goals, a page per statement. */
  const maxExportRows = 100_000;

  return {
    /** The six stat cards, over everyone in scope. */
    async stats(
      member: Member,
      query: { employeeId?: string | undefined; period: ReviewPeriodFilter },
    ): Promise<PerformanceStatsAnswer> {
      const scope = visibleScope(member, query.employeeId);
      if (!scope) return { period: query.period, stats: emptyStats };
      const totals = await stats(member.tenantId, scope, query.period, clock(member));
      return { period: query.period, stats: totals.cards };
    },

    /** One page of employee cards (Overview tab). */
    async overview(member: Member, query: OverviewQuery): Promise<PerformanceOverview> {
      const scope = visibleScope(member, query.employeeId);
      if (!scope) return { period: query.period, data: [], nextCursor: null };
      const time = clock(member);
      const range = reviewPeriodRange(query.period, time.timeZone, time.now);
      const after = query.cursor ? nameCursor(query.cursor) : undefined;
      const rows = await repo.overviewPage(db, member.tenantId, scope, range, {
        limit: query.limit + 1,
        after,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.lastName,
        last.firstName,
        last.id,
      ]);
      const data: PerformanceCard[] = page.map((row) => {
        const average =
          row.reviewCount > 0 && row.ratingSum !== null
            ? roundedAverage(row.ratingSum, row.reviewCount)
            : null;
        const latestAt = row.latestAtMs === null ? null : new Date(row.latestAtMs);
        return {
          employee: {
            id: row.id,
            name: employeeFullName(row),
            employeeCode: row.employeeCode,
            department: row.department,
            jobTitle: row.jobTitle,
          },
          averageRating: average,
          band: bandView(average),
          highPerformer: isHighPerformer(average),
          reviewCount: row.reviewCount,
          goalsCompleted: row.goalsCompleted,
          goalsTotal: row.goalsTotal,
          latestReview:
            latestAt && row.latestId
              ? {
                  id: row.latestId,
                  reviewedAt: latestAt.toISOString(),
                  period: row.latestPeriod ?? '',
                  overallRating: row.latestRating ?? 0,
                }
              : null,
          needsReview: needsReview(latestAt, time.now),
        };
      });
      return {
        period: query.period,
        data,
        nextCursor,
      };
    },

    async listReviews(member: Member, query: ReviewQuery): Promise<ListPage<Review>> {
      const scope = visibleScope(member, query.employeeId);
      if (!scope) return { data: [], nextCursor: null };
      const time = clock(member);
      const filter: ReviewFilter = {
        ...scope,
        range: reviewPeriodRange(query.period, time.timeZone, time.now),
        rating: query.rating,
      };
      const cursor = query.cursor ? decodeCursor(query.cursor, ['timestamp', 'uuid']) : undefined;
      const after = cursor ? { at: new Date(cursor[0]), id: cursor[1] } : undefined;
      const rows = await repo.listReviews(db, member.tenantId, filter, query.limit + 1, after);
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [
        last.reviewedAt.toISOString(),
        last.id,
      ]);
      return {
        data: page.map(toReview),
        nextCursor,
      };
    },

    /** Add Review: the reviewer is the signed-in member's employee record (not the constant 'Manager'). */
    async createReview(
      member: Member,
      input: CreateReviewInput & {
        feedback: string;
        nextPeriodGoals: string;
        categories: Review['categories'];
      },
    ): Promise<Review> {
      const employee = await repo.findEmployee(db, member.tenantId, input.employeeId);
      if (!employee) {
        throw new AppError('unprocessable', 'This employee is not in the workspace', {
          employeeId: 'Choose an employee of this workspace',
        });
      }
      if (!member.employeeId) {
        throw new AppError(
          'unprocessable',
          'Your account has no employee record in this workspace, so a review cannot name you as its reviewer',
        );
      }
      if (employee.id === member.employeeId) {
        throw new AppError('unprocessable', 'You cannot review yourself', {
          employeeId: 'Choose someone other than yourself',
        });
      }
      const reviewedAt = new Date();
      const id = await db.transaction(async (tx) => {
        const id = await repo.insertReview(tx, {
          tenantId: member.tenantId,
          employeeId: employee.id,
          reviewerId: member.employeeId,
          period: input.period,
          overallRating: input.overallRating,
          categories: input.categories,
          feedback: input.feedback,
          nextPeriodGoals: input.nextPeriodGoals,
          reviewedAt,
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'performance_review',
          entityId: id,
          summary: `reviewed ${employeeFullName(employee)} for ${input.period}: ${input.overallRating} (${ratingLabel(input.overallRating)})`,
          data: { employeeId: employee.id, period: input.period, overallRating: input.overallRating },
        });
        return id;
      });
      return toReview((await repo.findReview(db, member.tenantId, id))!);
    },

    async listGoals(member: Member, query: GoalQuery): Promise<ListPage<Goal>> {
      const scope = visibleScope(member, query.employeeId);
      if (!scope) return { data: [], nextCursor: null };
      const { today } = clock(member);
      const filter: GoalFilter = { ...scope, status: query.status, today };
      const cursor = query.cursor ? decodeCursor(query.cursor, ['date', 'uuid']) : undefined;
      const after = cursor ? { targetDate: cursor[0], id: cursor[1] } : undefined;
      const rows = await repo.listGoals(db, member.tenantId, filter, query.limit + 1, after);
      const { page, nextCursor } = keysetPageOf(rows, query.limit, (last) => [last.targetDate, last.id]);
      return {
        data: page.map((row) => toGoal(row, today)),
        nextCursor,
      };
    },

    async createGoal(
      member: Member,
      input: CreateGoalInput & { description: string; progress: number },
    ): Promise<Goal> {
      const employee = await repo.findEmployee(db, member.tenantId, input.employeeId);
      if (!employee) {
        throw new AppError('unprocessable', 'This employee is not in the workspace', {
          employeeId: 'Choose an employee of this workspace',
        });
      }
      const id = await db.transaction(async (tx) => {
        const id = await repo.insertGoal(tx, {
          tenantId: member.tenantId,
          employeeId: employee.id,
          title: input.title,
          description: input.description,
          targetDate: input.targetDate,
          progress: input.progress,
          status: 'active',
        });
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'created',
          entityType: 'goal',
          entityId: id,
          summary: `set the goal '${input.title}' for ${employeeFullName(employee)}, due ${input.targetDate}`,
          data: {
            employeeId: employee.id,
            title: input.title,
            targetDate: input.targetDate,
            progress: input.progress,
          },
        });
        return id;
      });
      return goalView(member, id, clock(member).today);
    },

    /**
     * Update a goal. Its employee may update the progress (performance:view + ownership); the
     * title, description and target date are for Managers and Admins (performance:manage).
     */
    async updateGoal(member: Member, id: string, input: UpdateGoalInput): Promise<Goal> {
      const goal = await actionableGoal(member, id);
      const { version, ...changes } = input;
      const managerFields = (['title', 'description', 'targetDate'] as const).filter(
        (f) => changes[f] !== undefined,
      );
      if (managerFields.length > 0 && !mayManage(member)) {
        throw forbidden(
          'Only Managers and Admins can change the title, description or target date of a goal',
        );
      }
      if (
        changes.progress !== undefined &&
        goal.status === 'completed' &&
        changes.progress !== goal.progress
      ) {
        throw new AppError('unprocessable', 'This goal is completed; its progress stays at 100', {
          progress: 'The goal is completed',
        });
      }
      await db.transaction(async (tx) => {
        if (!(await repo.updateGoal(tx, member.tenantId, id, version, changes))) throw staleVersion();
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'updated',
          entityType: 'goal',
          entityId: id,
          summary:
            changes.progress !== undefined && managerFields.length === 0
              ? `updated the progress of '${goal.title}' to ${changes.progress}%`
              : `updated the goal '${changes.title ?? goal.title}'`,
          data: {
            before: {
              progress: goal.progress,
              title: goal.title,
              description: goal.description,
              targetDate: goal.targetDate,
            },
            after: changes,
          },
        });
      });
      return goalView(member, id, clock(member).today);
    },

    /** Complete: status completed, progress 100, completedAt now (spec 4). Completing twice changes nothing. */
    async completeGoal(member: Member, id: string, version: number | undefined): Promise<Goal> {
      const goal = await actionableGoal(member, id);
      const { today } = clock(member);
      if (goal.status === 'completed') return toGoal(goal, today);
      await db.transaction(async (tx) => {
        const updated = await repo.updateGoal(tx, member.tenantId, id, version, {
          status: 'completed',
          progress: 100,
          completedAt: new Date(),
        });
        if (!updated) throw staleVersion();
        await activityLog.record(tx, {
          tenantId: member.tenantId,
          actor: actorOf(member),
          action: 'completed',
          entityType: 'goal',
          entityId: id,
          summary: `completed the goal '${goal.title}' of ${goal.employeeName}`,
          data: { before: { progress: goal.progress, status: goalStatus(goal, today) } },
        });
      });
      return goalView(member, id, today);
    },

    /** Analytics tab: rating distribution (per review rating and per employee band) and goal status. */
    async analytics(
      member: Member,
      query: { employeeId?: string | undefined; period: ReviewPeriodFilter },
    ): Promise<PerformanceAnalytics> {
      const scope = visibleScope(member, query.employeeId);
      const time = clock(member);
      const range = reviewPeriodRange(query.period, time.timeZone, time.now);
      const [ratings, totals] = scope
        ? await Promise.all([
            repo.ratingCounts(db, member.tenantId, scope, range),
            stats(member.tenantId, scope, query.period, time),
          ])
        : [[], null];
      const histogram = totals?.histogram ?? [];
      const goals = totals?.goals ?? { active: 0, completed: 0, overdue: 0, total: 0 };
      return {
        period: query.period,
        ratingDistribution: ratingOptions.map((option) => ({
          rating: option.value,
          label: option.label,
          count: ratings.find((r) => r.rating === option.value)?.count ?? 0,
        })),
        bandDistribution: ratingBands.map((band) => ({
          band: band.id,
          label: band.label,
          count: histogram
            .filter((bucket) => ratingBand(bucket.average).id === band.id)
            .reduce((sum, bucket) => sum + bucket.employees, 0),
        })),
        goalStatus: goals,
      };
    },

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
        const reviews = await allReviews(member.tenantId, { ...scope, range: null }, 100);
        const goals = await allGoals(member.tenantId, { ...scope, today: time.today }, 200);
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
        schedule: can(member.role, 'schedule:view')
          ? await scheduling.employeeWeek(member, employeeId)
          : null,
      };
    },

    /**
     * Export Reports: the filtered reviews or goals as CSV (formula-safe, RFC 4180), sent as it is
     * read, a page per statement (issue 17).
     */
    exportCsv(
      member: Member,
      query: {
        type: 'reviews' | 'goals';
        employeeId?: string | undefined;
        period: ReviewPeriodFilter;
        status?: GoalStatus | undefined;
      },
    ): ExportFile {
      const scope = visibleScope(member, query.employeeId);
      const time = clock(member);
      const fileName = exportFileName(`performance-${query.type}`, time.today, 'csv');
      const contentType = 'text/csv; charset=utf-8';
      async function* none() {}
      if (query.type === 'goals') {
        const { fetch, keyOf } = goalPage(member.tenantId, {
          ...(scope ?? {}),
          status: query.status,
          today: time.today,
        });
        return {
          fileName,
          contentType,
          pieces: () =>
            csvPieces(
              [
                'Employee ID',
                'Employee',
                'Department',
                'Goal',
                'Description',
                'Progress',
                'Target Date',
                'Status',
                'Completed At',
              ],
              scope ? keysetPages(fetch, keyOf, { max: maxExportRows }) : none(),
              (row) => [
                row.employeeCode,
                row.employeeName,
                row.department,
                row.title,
                row.description,
                row.progress,
                row.targetDate,
                goalStatus(row, time.today),
                row.completedAt?.toISOString() ?? null,
              ],
            ),
        };
      }
      const { fetch, keyOf } = reviewPage(member.tenantId, {
        ...(scope ?? {}),
        range: reviewPeriodRange(query.period, time.timeZone, time.now),
      });
      return {
        fileName,
        contentType,
        pieces: () =>
          csvPieces(
            [
              'Employee ID',
              'Employee',
              'Department',
              'Period',
              'Overall Rating',
              'Rating',
              'Review Date',
              'Reviewer',
              'Performance Feedback',
              'Goals for Next Period',
            ],
            scope ? keysetPages(fetch, keyOf, { max: maxExportRows }) : none(),
            (row) => [
              row.employeeCode,
              row.employeeName,
              row.department,
              row.period,
              row.overallRating,
              ratingLabel(row.overallRating),
              row.reviewedAt.toISOString(),
              row.reviewerName,
              row.feedback,
              row.nextPeriodGoals,
            ],
          ),
      };
    },
  };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;
