import type { Db } from '@atrium/db';
import {
  employeeFullName,
  goalCompletionPercent,
  isHighPerformer,
  needsReview,
  needsReviewCutoff,
  ratingBand,
  ratingBands,
  ratingOptions,
  reviewPeriodRange,
  roundRating,
  roundedAverage,
  type PerformanceAnalytics,
  type PerformanceCard,
  type PerformanceOverview,
  type PerformanceStats,
  type PerformanceStatsAnswer,
  type ReviewPeriodFilter,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf, byName } from '../../platform/db/cursor';
import type { WorkspaceMemo } from '../../platform/db/workspace-memo';
import { performanceRepository as repo, type PeopleScope } from './performance.repository';
import { clock, mayManage, visibleScope, type Clock } from './performance-scope';

export const bandView = (average: number | null) => {
  if (average === null) return null;
  const band = ratingBand(average);
  return { id: band.id, label: band.label };
};

type OverviewQuery = {
  employeeId?: string | undefined;
  period: ReviewPeriodFilter;
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

type StatsQuery = { tenantId: string; scope: PeopleScope; period: ReviewPeriodFilter; time: Clock };

/** The aggregates over the people in scope: the stat cards, the Overview tab's cards, the Analytics tab. */
export function createPerformanceStatsService({ db, memo }: { db: Db; memo: WorkspaceMemo }) {
  /**
   * The cards and the charts' totals over everyone in scope: every review and goal of the workspace,
   * so the answer is kept until something in the workspace changes.
   */
  function keptStats(query: StatsQuery) {
    const { tenantId, scope, period, time } = query;
    const key = ['performance-stats', scope.employeeId ?? '', period, time.timeZone, time.today].join('|');
    return memo.get(tenantId, key, () => computeStats(query));
  }

  async function computeStats({ tenantId, scope, period, time }: StatsQuery) {
    const range = reviewPeriodRange(period, time.timeZone, time.now);
    // Two independent aggregates: on PostgreSQL they run side by side on two connections.
    const [reviews, goals] = await Promise.all([
      repo.reviewStats(db, { tenantId, scope, range, needsReviewCutoff: needsReviewCutoff(time.now) }),
      repo.goalStats(db, { tenantId, scope, today: time.today }),
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

  return {
    /** The six stat cards, over everyone in scope: an Employee's own figures only (issue 20). */
    async stats(
      member: Member,
      query: { employeeId?: string | undefined; period: ReviewPeriodFilter },
    ): Promise<PerformanceStatsAnswer> {
      const whose = mayManage(member) ? 'team' : 'own';
      const scope = visibleScope(member, query.employeeId);
      if (!scope) return { period: query.period, scope: whose, stats: emptyStats };
      const totals = await keptStats({
        tenantId: member.tenantId,
        scope,
        period: query.period,
        time: clock(member),
      });
      return { period: query.period, scope: whose, stats: totals.cards };
    },

    /** One page of employee cards (Overview tab). */
    async overview(member: Member, query: OverviewQuery): Promise<PerformanceOverview> {
      const scope = visibleScope(member, query.employeeId);
      if (!scope) return { period: query.period, data: [], nextCursor: null };
      const time = clock(member);
      const range = reviewPeriodRange(query.period, time.timeZone, time.now);
      const after = query.cursor ? decodeCursor(query.cursor, byName.shape) : undefined;
      const rows = await repo.overviewPage(db, {
        tenantId: member.tenantId,
        scope,
        range,
        limit: query.limit + 1,
        after,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, byName.cursorOf);
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
            repo.ratingCounts(db, { tenantId: member.tenantId, scope, range }),
            keptStats({ tenantId: member.tenantId, scope, period: query.period, time }),
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
  };
}
