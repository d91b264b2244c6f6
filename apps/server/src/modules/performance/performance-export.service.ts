import type { Db } from '@atrium/db';
import {
  exportFileName,
  goalStatus,
  ratingLabel,
  reviewPeriodRange,
  type GoalStatus,
  type ReviewPeriodFilter,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { keysetPages } from '../../platform/db/batches';
import { csvPieces, type ExportFile } from '../../platform/exports/export-source';
import { goalPages } from './goals.service';
import { clock, visibleScope } from './performance-scope';
import { reviewPages } from './reviews.service';

/** An export reads at most this many reviews or goals, a page per statement. */
const maxExportRows = 100_000;

/** Export Reports on the Performance screen. */
export function createPerformanceExportService({ db }: { db: Db }) {
  return {
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
        const { fetch, keyOf } = goalPages(db, member.tenantId, {
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
      const { fetch, keyOf } = reviewPages(db, member.tenantId, {
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
