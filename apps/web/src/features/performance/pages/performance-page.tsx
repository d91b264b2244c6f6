import {
  goalStatuses,
  reviewPeriodFilterLabels,
  reviewPeriodFilters,
  type GoalStatus,
  type ReviewPeriodFilter,
} from '@atrium/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ClipboardPlus, Target } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { copyParams, isUuid, oneOf, searchParamsWith, useAddressState } from '../../../lib/search-params';
import { hasPermission, useMe } from '../../accounts';
import { overviewQueryOptions, statsQueryOptions, type PerformanceFilters } from '../api/performance.queries';
import { AddGoalDialog } from '../components/add-goal-dialog';
import { AddReviewDialog } from '../components/add-review-dialog';
import { EmployeeCards } from '../components/employee-cards';
import { EmployeePicker, type PickedEmployee } from '../../employees';
import { ExportMenu } from '../components/export-menu';
import { GoalsTable } from '../components/goals-table';
import { PerformanceStatCards } from '../components/performance-stats';
import { ReviewsTable } from '../components/reviews-table';

// The chart library loads only when the Analytics tab opens.
const PerformanceAnalytics = lazy(() =>
  import('../components/performance-analytics').then((module) => ({ default: module.PerformanceAnalytics })),
);

const tabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'goals', label: 'Goals' },
  { id: 'analytics', label: 'Analytics' },
] as const;
type TabId = (typeof tabs)[number]['id'];
const tabIds = tabs.map((entry) => entry.id);

const defaultPeriod: ReviewPeriodFilter = 'current-year';

type DialogState = { kind: 'review' | 'goal'; employee: PickedEmployee | null } | null;

/** /team/performance (spec 2 "Performance", issue 4): stats, employee cards, reviews, goals, charts. */
export function PerformancePage() {
  const me = useMe();
  const canManage = hasPermission(me, 'performance:manage');
  const [searchParams, show] = useAddressState(copyParams, copyParams);
  const update = (changes: Record<string, string | undefined>) =>
    show((current) => searchParamsWith(current, changes));

  // Tab and filters live in the address, so a reload or a shared link shows the same view.
  const tab: TabId = oneOf(tabIds, searchParams.get('tab')) ?? 'overview';
  const period = oneOf(reviewPeriodFilters, searchParams.get('period')) ?? defaultPeriod;
  const requestedEmployee = searchParams.get('employee');
  const employeeId = canManage && isUuid(requestedEmployee) ? requestedEmployee : undefined;
  const goalStatus = oneOf(goalStatuses, searchParams.get('status'));
  const filters: PerformanceFilters = { employeeId, period };

  const overview = useInfiniteQuery(overviewQueryOptions(filters));
  const stats = useQuery(statsQueryOptions(filters));

  // The filter shows a name: the one just picked, or the card of the filtered employee after a reload.
  const [pickedEmployee, setPickedEmployee] = useState<PickedEmployee | null>(null);
  const filteredCard = overview.data?.pages[0]?.data.find((card) => card.employee.id === employeeId);
  const selectedEmployee: PickedEmployee | null = !employeeId
    ? null
    : pickedEmployee?.id === employeeId
      ? pickedEmployee
      : { id: employeeId, name: filteredCard?.employee.name ?? '' };
  // The header's Add buttons start with the filtered employee, once their name is known.
  const prefilled = selectedEmployee?.name ? selectedEmployee : null;

  const [dialog, setDialog] = useState<DialogState>(null);
  const closeDialog = () => setDialog(null);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Performance — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Performance"
        description={
          canManage
            ? 'Reviews, ratings and goals, with the people who need a review next.'
            : 'Your reviews, ratings and goals.'
        }
        actions={
          <>
            {canManage ? (
              <>
                <Button onClick={() => setDialog({ kind: 'review', employee: prefilled })}>
                  <ClipboardPlus aria-hidden="true" className="size-4" />
                  Add Review
                </Button>
                <Button variant="secondary" onClick={() => setDialog({ kind: 'goal', employee: prefilled })}>
                  <Target aria-hidden="true" className="size-4" />
                  Add Goal
                </Button>
              </>
            ) : null}
            <ExportMenu filters={{ ...filters, status: goalStatus }} />
          </>
        }
      />

      <div role="search" aria-label="Filters" className="flex flex-wrap items-end gap-4">
        {canManage ? (
          <Field label="Employee" className="w-full sm:w-72">
            {(control) => (
              <EmployeePicker
                {...control}
                value={selectedEmployee}
                placeholder="All employees"
                clearLabel="Show all employees"
                onChange={(next) => {
                  setPickedEmployee(next);
                  update({ employee: next?.id });
                }}
              />
            )}
          </Field>
        ) : null}
        <Field label="Review period" className="w-full sm:w-48">
          {(control) => (
            <Select
              {...control}
              value={period}
              onChange={(event) =>
                update({ period: event.target.value === defaultPeriod ? undefined : event.target.value })
              }
            >
              {reviewPeriodFilters.map((value) => (
                <option key={value} value={value}>
                  {reviewPeriodFilterLabels[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      {stats.isError && !stats.data ? (
        <LoadError
          error={stats.error}
          title="The performance summary could not be loaded"
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <PerformanceStatCards
          stats={stats.data?.stats ?? null}
          scope={stats.data?.scope ?? (canManage ? 'team' : 'own')}
          loading={stats.isPending}
        />
      )}

      <Tabs value={tab} onValueChange={(next) => update({ tab: next === 'overview' ? undefined : next })}>
        <TabsList aria-label="Performance views">
          {tabs.map((entry) => (
            <TabsTrigger key={entry.id} value={entry.id}>
              {entry.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <h2 className="sr-only">Employees</h2>
          <EmployeeCards
            overview={overview}
            total={stats.data?.stats.employees}
            canManage={canManage}
            onAddReview={(employee) => setDialog({ kind: 'review', employee })}
            onAddGoal={(employee) => setDialog({ kind: 'goal', employee })}
          />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewsTable filters={filters} />
        </TabsContent>
        <TabsContent value="goals">
          <GoalsTable
            filters={{ employeeId, status: goalStatus }}
            onStatusChange={(status: GoalStatus | undefined) => update({ status })}
          />
        </TabsContent>
        <TabsContent value="analytics">
          <h2 className="sr-only">Analytics</h2>
          <Suspense fallback={<ListSkeleton label="Loading the charts…" rows={6} />}>
            <PerformanceAnalytics filters={filters} />
          </Suspense>
        </TabsContent>
      </Tabs>

      <AddReviewDialog
        open={dialog?.kind === 'review'}
        onClose={closeDialog}
        employee={dialog?.employee ?? null}
      />
      <AddGoalDialog
        open={dialog?.kind === 'goal'}
        onClose={closeDialog}
        employee={dialog?.employee ?? null}
      />
    </div>
  );
}
