import { goalStatuses, isGoalOverdue, todayIn, type Goal, type GoalStatus } from '@atrium/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Pencil, Target } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/input';
import { ListFooter, ListSkeleton, LoadError, TableScroller } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCalendarDate } from '../../../lib/dates';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import {
  completeGoal,
  goalsQueryOptions,
  performanceQueryKey,
  type GoalFilters,
} from '../api/performance.queries';
import { GoalProgressDialog } from './goal-progress-dialog';
import { ProgressBar } from './rating';

export const goalStatusLabels: Record<GoalStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  overdue: 'Overdue',
};

const statusTones: Record<GoalStatus, BadgeTone> = {
  active: 'brand',
  completed: 'success',
  overdue: 'danger',
};

/** A calendar date (YYYY-MM-DD) as the day it names, whatever the viewer's own zone. */

function useCompleteGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: Goal) => completeGoal(goal),
    onSuccess: (goal) => {
      void queryClient.invalidateQueries({ queryKey: performanceQueryKey });
      toast.success(`'${goal.title}' is completed`);
    },
    onError: (error, goal) => {
      void queryClient.invalidateQueries({ queryKey: performanceQueryKey });
      toast.error(`'${goal.title}' could not be completed`, {
        description:
          error instanceof ApiError && error.status === 412
            ? 'Someone else changed it meanwhile; the goals were reloaded, check it and try again.'
            : error.message,
      });
    },
  });
}

/** Goals tab (spec 2): every goal with its progress, target date and status. */
export function GoalsTable({
  filters,
  onStatusChange,
}: {
  filters: GoalFilters;
  onStatusChange: (status: GoalStatus | undefined) => void;
}) {
  const me = useMe();
  const canManage = hasPermission(me, 'performance:manage');
  const timeZone = useWorkspaceTimeZone();
  const goals = useInfiniteQuery(goalsQueryOptions(filters));
  const complete = useCompleteGoal();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [completing, setCompleting] = useState<Goal | null>(null);
  const rows = goals.data?.pages.flatMap((page) => page.data) ?? [];
  const editing = rows.find((goal) => goal.id === editingId) ?? null;
  const today = timeZone ? todayIn(timeZone) : null;

  const overdue = (goal: Goal) => (today ? isGoalOverdue(goal, today) : goal.overdue);
  const mayUpdateProgress = (goal: Goal) =>
    goal.status !== 'completed' && (canManage || goal.employee.id === me.employeeId);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="goals-title" className="text-lg font-semibold text-slate-900">
          Goals
        </h2>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          Status
          <Select
            value={filters.status ?? ''}
            onChange={(event) => onStatusChange(goalStatuses.find((status) => status === event.target.value))}
            className="w-40"
          >
            <option value="">All statuses</option>
            {goalStatuses.map((status) => (
              <option key={status} value={status}>
                {goalStatusLabels[status]}
              </option>
            ))}
          </Select>
        </label>
      </div>

      {goals.isPending ? (
        <ListSkeleton label="Loading the goals…" />
      ) : goals.isError && rows.length === 0 ? (
        <LoadError
          error={goals.error}
          title="The goals could not be loaded"
          onRetry={() => void goals.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Target}
          title="No goals found."
          description={
            filters.status ? 'No goal has this status.' : 'Goals added for employees show up here.'
          }
        />
      ) : (
        <TableScroller labelledBy="goals-title">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-3 pr-4 pl-4 sm:pl-6">
                  Employee
                </th>
                <th scope="col" className="px-4 py-3">
                  Goal
                </th>
                <th scope="col" className="px-4 py-3">
                  Progress
                </th>
                <th scope="col" className="px-4 py-3">
                  Target Date
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="py-3 pr-4 pl-4 text-right sm:pr-6">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {rows.map((goal) => {
                const late = overdue(goal);
                const status: GoalStatus =
                  goal.status === 'completed' ? 'completed' : late ? 'overdue' : 'active';
                return (
                  <tr key={goal.id} className="align-top">
                    <td className="min-w-32 py-3 pr-4 pl-4 font-medium text-slate-900 sm:pl-6">
                      {goal.employee.name}
                    </td>
                    <th scope="row" className="max-w-sm min-w-56 px-4 py-3 text-left font-normal">
                      <span className="block font-medium text-slate-900">{goal.title}</span>
                      {goal.description ? (
                        <span className="mt-0.5 block text-xs text-slate-600">{goal.description}</span>
                      ) : null}
                    </th>
                    <td className="px-4 py-3">
                      <span className="flex items-center gap-1">
                        <ProgressBar
                          value={goal.progress}
                          tone={status === 'completed' ? 'success' : late ? 'danger' : 'brand'}
                        />
                        {mayUpdateProgress(goal) ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="size-8 px-0"
                            aria-label={`Update progress of ${goal.title}`}
                            onClick={() => setEditingId(goal.id)}
                          >
                            <Pencil aria-hidden="true" className="size-4" />
                          </Button>
                        ) : null}
                      </span>
                    </td>
                    <td
                      className={cn(
                        'px-4 py-3 whitespace-nowrap',
                        late ? 'font-semibold text-red-700' : 'text-slate-700',
                      )}
                    >
                      {formatCalendarDate(goal.targetDate)}
                      {late ? <span className="block text-xs font-medium">Overdue</span> : null}
                    </td>
                    <td className="px-4 py-3">
                      <Badge tone={statusTones[status]}>{goalStatusLabels[status]}</Badge>
                    </td>
                    <td className="py-3 pr-4 pl-4 text-right whitespace-nowrap sm:pr-6">
                      {canManage && goal.status !== 'completed' ? (
                        <Button variant="secondary" size="sm" onClick={() => setCompleting(goal)}>
                          <CircleCheck aria-hidden="true" className="size-4" />
                          Complete
                          <span className="sr-only"> {goal.title}</span>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroller>
      )}
      {rows.length > 0 ? (
        <ListFooter
          shown={rows.length}
          noun={{ one: 'goal', many: 'goals' }}
          hasMore={goals.hasNextPage}
          loadingMore={goals.isFetchingNextPage}
          loadMoreFailed={goals.isFetchNextPageError}
          onLoadMore={() => void goals.fetchNextPage()}
        />
      ) : null}

      <GoalProgressDialog goal={editing} onClose={() => setEditingId(null)} />
      <ConfirmDialog
        open={completing !== null}
        onClose={() => setCompleting(null)}
        title="Complete this goal?"
        description={
          completing
            ? `'${completing.title}' of ${completing.employee.name} is marked completed, with progress 100%.`
            : ''
        }
        confirmLabel="Complete goal"
        destructive={false}
        pending={complete.isPending}
        onConfirm={() => {
          if (!completing) return;
          complete.mutate(completing, { onSettled: () => setCompleting(null) });
        }}
      />
    </div>
  );
}
