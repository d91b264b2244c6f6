import type { Goal, GoalStatus, Review } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatCalendarDate, formatDate } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { employeePerformanceQueryOptions } from '../api/employees.queries';
import { TabEmpty, TabError, TabSkeleton } from './details-states';

const goalTones: Record<GoalStatus, BadgeTone> = { active: 'brand', completed: 'success', overdue: 'danger' };
const goalLabels: Record<GoalStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  overdue: 'Overdue',
};

/** Spec 2, details dialog: Performance, this employee's reviews and goals. */
export function DetailsPerformance({ employeeId }: { employeeId: string }) {
  const summary = useQuery(employeePerformanceQueryOptions(employeeId));
  const timeZone = useWorkspaceTimeZone();

  if (summary.isPending) return <TabSkeleton label="Loading the performance…" />;
  if (summary.isError) {
    return (
      <TabError
        error={summary.error}
        title="The performance could not be loaded"
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const { performance } = summary.data;
  if (!performance) {
    return (
      <Alert tone="info" title="Performance reviews are private">
        You can see your own reviews and goals; managers see everyone’s.
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Average rating">
          {performance.averageRating === null ? (
            '—'
          ) : (
            <>
              {performance.averageRating.toFixed(1)}
              <span className="text-sm font-medium text-slate-600"> / 5</span>
            </>
          )}
        </Figure>
        <Figure label="Rating band">{performance.band?.label ?? 'Not rated'}</Figure>
        <Figure label="Next review">
          {performance.needsReview ? <Badge tone="warning">Needs Review</Badge> : 'Up to date'}
        </Figure>
      </dl>

      <section aria-labelledby="details-reviews">
        <h3 id="details-reviews" className="mb-3 font-semibold text-slate-900">
          Reviews <span className="font-normal text-slate-600">({performance.reviews.length})</span>
        </h3>
        {performance.reviews.length === 0 ? (
          <TabEmpty>No performance reviews available.</TabEmpty>
        ) : (
          <ul className="space-y-3">
            {performance.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="details-goals">
        <h3 id="details-goals" className="mb-3 font-semibold text-slate-900">
          Goals <span className="font-normal text-slate-600">({performance.goals.length})</span>
        </h3>
        {performance.goals.length === 0 ? (
          <TabEmpty>No goals set.</TabEmpty>
        ) : (
          <ul className="space-y-3">
            {performance.goals.map((goal) => (
              <GoalItem key={goal.id} goal={goal} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function ReviewItem({ review, timeZone }: { review: Review; timeZone: string | undefined }) {
  return (
    <li className="rounded-lg p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{review.period}</p>
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
          <span className="font-semibold text-slate-900">{review.overallRating}/5</span>
          <span>· {review.ratingLabel}</span>
        </p>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        {review.reviewer ? `By ${review.reviewer.name} · ` : ''}
        {formatDate(review.reviewedAt, timeZone)}
      </p>
      {review.feedback ? <p className="mt-2 line-clamp-3 text-sm text-slate-700">{review.feedback}</p> : null}
    </li>
  );
}

function GoalItem({ goal }: { goal: Goal }) {
  return (
    <li className="rounded-lg p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900">{goal.title}</p>
        <Badge tone={goalTones[goal.status]}>{goalLabels[goal.status]}</Badge>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">Target {formatCalendarDate(goal.targetDate)}</p>
      <div className="mt-2 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={`Progress of ${goal.title}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={goal.progress}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-indigo-600" style={{ width: `${goal.progress}%` }} />
        </div>
        <span className="w-10 text-right text-sm font-medium text-slate-700 tabular-nums">
          {goal.progress}%
        </span>
      </div>
    </li>
  );
}
