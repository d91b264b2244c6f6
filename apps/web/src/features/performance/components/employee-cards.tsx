import { maxRating, type PerformanceCard, type PerformanceOverview } from '@atrium/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ClipboardPlus, Target, Users } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListFooter, LoadError } from '../../../components/ui/list-states';
import { formatDate } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import type { PickedEmployee } from '../../employees';
import { RatingBadge, RatingBar, RatingStars } from './rating';

type OverviewQuery = UseInfiniteQueryResult<InfiniteData<PerformanceOverview>>;

/** Overview tab (spec 2): one card per employee, a page at a time. */
export function EmployeeCards({
  overview,
  total,
  canManage,
  onAddReview,
  onAddGoal,
}: {
  overview: OverviewQuery;
  /** Everyone in scope, from the stat cards' answer (undefined until it comes). */
  total: number | undefined;
  canManage: boolean;
  onAddReview: (employee: PickedEmployee) => void;
  onAddGoal: (employee: PickedEmployee) => void;
}) {
  const timeZone = useWorkspaceTimeZone();
  const cards = overview.data?.pages.flatMap((page) => page.data) ?? [];

  if (overview.isPending) {
    return (
      <div role="status" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <span className="sr-only">Loading the employees…</span>
        {Array.from({ length: 6 }, (_, index) => (
          <div
            key={index}
            aria-hidden="true"
            className="h-52 animate-pulse rounded-xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none"
          />
        ))}
      </div>
    );
  }
  if (overview.isError && cards.length === 0) {
    return (
      <LoadError
        error={overview.error}
        title="The employees could not be loaded"
        onRetry={() => void overview.refetch()}
      />
    );
  }
  if (cards.length === 0) {
    return <EmptyState icon={Users} title="No employees found" />;
  }
  return (
    <div className="space-y-4">
      <ul aria-label="Employees" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <EmployeeCard
            key={card.employee.id}
            card={card}
            timeZone={timeZone}
            canManage={canManage}
            onAddReview={onAddReview}
            onAddGoal={onAddGoal}
          />
        ))}
      </ul>
      <ListFooter
        shown={cards.length}
        total={total}
        noun={{ one: 'employee', many: 'employees' }}
        hasMore={overview.hasNextPage}
        loadingMore={overview.isFetchingNextPage}
        loadMoreFailed={overview.isFetchNextPageError}
        onLoadMore={() => void overview.fetchNextPage()}
      />
    </div>
  );
}

function EmployeeCard({
  card,
  timeZone,
  canManage,
  onAddReview,
  onAddGoal,
}: {
  card: PerformanceCard;
  timeZone: string | undefined;
  canManage: boolean;
  onAddReview: (employee: PickedEmployee) => void;
  onAddGoal: (employee: PickedEmployee) => void;
}) {
  const { employee, latestReview } = card;
  const picked = { id: employee.id, name: employee.name };
  const headingId = `performance-card-${employee.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-3">
        <Avatar name={employee.name} />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate font-semibold text-slate-900" title={employee.name}>
            {employee.name}
          </h3>
          <p className="truncate text-sm text-slate-600">
            {[employee.jobTitle, employee.department].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>

      <div className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="flex items-center gap-2">
            <span className="font-semibold text-slate-900 tabular-nums">
              {card.averageRating === null
                ? 'No reviews'
                : `${card.averageRating.toFixed(1)} / ${maxRating.toFixed(1)}`}
            </span>
            {card.averageRating === null ? null : <span className="text-slate-600">average</span>}
          </span>
          <RatingBadge band={card.band} />
        </div>
        <div className="mt-2">
          <RatingBar average={card.averageRating} band={card.band?.id ?? null} />
        </div>
      </div>

      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">Goals</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {card.goalsCompleted}/{card.goalsTotal} completed
          </dd>
        </div>
        <div className="flex items-start justify-between gap-3">
          <dt className="text-slate-600">Latest review</dt>
          <dd className="text-right font-medium text-slate-900">
            {latestReview ? (
              <>
                <span className="flex items-center justify-end gap-2">
                  {latestReview.period}
                  <RatingStars rating={latestReview.overallRating} className="[&_svg]:size-3.5" />
                </span>
                <span className="block text-xs font-normal text-slate-600">
                  {formatDate(latestReview.reviewedAt, timeZone)}
                </span>
              </>
            ) : (
              'None yet'
            )}
          </dd>
        </div>
      </dl>
      {card.needsReview ? (
        <p className="mt-3">
          <Badge tone="warning">Needs review</Badge>
        </p>
      ) : null}

      {canManage ? (
        <div className="mt-auto flex gap-2 pt-4">
          <Button variant="secondary" size="sm" className="flex-1" onClick={() => onAddReview(picked)}>
            <ClipboardPlus aria-hidden="true" className="size-4" />
            Add Review
            <span className="sr-only"> for {employee.name}</span>
          </Button>
          <Button variant="secondary" size="sm" className="flex-1" onClick={() => onAddGoal(picked)}>
            <Target aria-hidden="true" className="size-4" />
            Add Goal
            <span className="sr-only"> for {employee.name}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}
