import type { Review } from '@atrium/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ClipboardList, Eye } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListFooter, ListSkeleton, LoadError, TableScroller } from '../../../components/ui/list-states';
import { formatDate } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { reviewsQueryOptions, type PerformanceFilters } from '../api/performance.queries';
import { RatingStars } from './rating';

/** Reviews tab (spec 2): Employee, Period, Overall Rating, Review Date, Reviewer, Actions. */
export function ReviewsTable({ filters }: { filters: PerformanceFilters }) {
  const timeZone = useWorkspaceTimeZone();
  const reviews = useInfiniteQuery(reviewsQueryOptions(filters));
  const [viewing, setViewing] = useState<Review | null>(null);
  const rows = reviews.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="space-y-4">
      <h2 id="reviews-title" className="text-lg font-semibold text-slate-900">
        Performance Reviews
      </h2>
      {reviews.isPending ? (
        <ListSkeleton label="Loading the reviews…" />
      ) : reviews.isError && rows.length === 0 ? (
        <LoadError
          error={reviews.error}
          title="The reviews could not be loaded"
          onRetry={() => void reviews.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={ClipboardList} title="No performance reviews available." />
      ) : (
        <TableScroller labelledBy="reviews-title">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-3 pr-4 pl-4 sm:pl-6">
                  Employee
                </th>
                <th scope="col" className="px-4 py-3">
                  Period
                </th>
                <th scope="col" className="px-4 py-3">
                  Overall Rating
                </th>
                <th scope="col" className="px-4 py-3">
                  Review Date
                </th>
                <th scope="col" className="px-4 py-3">
                  Reviewer
                </th>
                <th scope="col" className="py-3 pr-4 pl-4 text-right sm:pr-6">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {rows.map((review) => (
                <tr key={review.id}>
                  <th
                    scope="row"
                    className="py-3 pr-4 pl-4 text-left font-medium whitespace-nowrap text-slate-900 sm:pl-6"
                  >
                    {review.employee.name}
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{review.period}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <RatingStars rating={review.overallRating} />
                    <span className="block text-xs text-slate-600">{review.ratingLabel}</span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {formatDate(review.reviewedAt, timeZone)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    {review.reviewer?.name ?? <span className="text-slate-500">Not recorded</span>}
                  </td>
                  <td className="py-3 pr-4 pl-4 text-right sm:pr-6">
                    <Button variant="ghost" size="sm" onClick={() => setViewing(review)}>
                      <Eye aria-hidden="true" className="size-4" />
                      View
                      <span className="sr-only">
                        {' '}
                        review of {review.employee.name} for {review.period}
                      </span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {rows.length > 0 ? (
        <ListFooter
          shown={rows.length}
          noun={{ one: 'review', many: 'reviews' }}
          hasMore={reviews.hasNextPage}
          loadingMore={reviews.isFetchingNextPage}
          loadMoreFailed={reviews.isFetchNextPageError}
          onLoadMore={() => void reviews.fetchNextPage()}
        />
      ) : null}
      <ReviewDetailsDialog review={viewing} timeZone={timeZone} onClose={() => setViewing(null)} />
    </div>
  );
}

function ReviewDetailsDialog({
  review,
  timeZone,
  onClose,
}: {
  review: Review | null;
  timeZone: string | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      open={review !== null}
      onClose={onClose}
      size="lg"
      title={review ? `Review of ${review.employee.name}` : 'Review'}
      description={
        review
          ? `${review.period}, reviewed ${formatDate(review.reviewedAt, timeZone)}${review.reviewer ? ` by ${review.reviewer.name}` : ''}`
          : ''
      }
    >
      {review ? (
        <div className="space-y-5 text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <RatingStars rating={review.overallRating} className="[&_svg]:size-5" />
            <span className="font-semibold text-slate-900">
              {review.overallRating} - {review.ratingLabel}
            </span>
          </div>
          <DetailBlock title="Performance Feedback" text={review.feedback} />
          <DetailBlock title="Goals for Next Period" text={review.nextPeriodGoals} />
          {review.categories.length > 0 ? (
            <div>
              <h3 className="font-semibold text-slate-900">Categories</h3>
              <ul className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
                {review.categories.map((category) => (
                  <li key={category.name} className="px-3 py-2.5">
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium text-slate-900">{category.name}</span>
                      <RatingStars rating={category.rating} />
                    </span>
                    {category.feedback ? <p className="mt-1 text-slate-600">{category.feedback}</p> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function DetailBlock({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 whitespace-pre-line text-slate-700">
        {text || <span className="text-slate-500">Nothing written.</span>}
      </p>
    </div>
  );
}
