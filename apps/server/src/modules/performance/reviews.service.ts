import type { Db } from '@atrium/db';
import {
  employeeFullName,
  ratingLabel,
  reviewPeriodRange,
  type CreateReviewInput,
  type ListPage,
  type Review,
  type ReviewPeriodFilter,
} from '@atrium/shared';
import { activityLog, actorOf } from '../../platform/activity/activity.service';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { AppError } from '../../platform/errors/app-error';
import type { Notifier } from '../../platform/notifications/notifications.service';
import { performanceRepository as repo, type ReviewFilter, type ReviewRow } from './performance.repository';
import { clock, visibleScope } from './performance-scope';

export function toReview(row: ReviewRow): Review {
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

/** The filtered reviews a page per statement, newest first (the employee summary and the export). */
export const reviewPages = (db: Db, tenantId: string, filter: ReviewFilter) => ({
  fetch: (after: { at: Date; id: string } | undefined, size: number) =>
    repo.listReviews(db, { tenantId, filter, limit: size, after }),
  keyOf: (row: ReviewRow) => ({ at: row.reviewedAt, id: row.id }),
});

type ReviewQuery = {
  employeeId?: string | undefined;
  period: ReviewPeriodFilter;
  rating?: number | undefined;
  limit: number;
  cursor?: string | undefined;
};

/** The Reviews tab and Add Review. */
export function createReviewsService({ db, notifier }: { db: Db; notifier: Notifier }) {
  return {
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
      const rows = await repo.listReviews(db, {
        tenantId: member.tenantId,
        filter,
        limit: query.limit + 1,
        after,
      });
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
        await notifier.notify({
          tx,
          tenantId: member.tenantId,
          actor: actorOf(member),
          recipients: { employees: [employee.id] },
          kind: 'review_written',
          record: { type: 'performance_review', id, link: '/team/performance?tab=reviews' },
          title: `${member.name} wrote your ${input.period} review`,
          body: `Overall rating: ${input.overallRating} (${ratingLabel(input.overallRating)})`,
        });
        return id;
      });
      return toReview((await repo.findReview(db, member.tenantId, id))!);
    },
  };
}
