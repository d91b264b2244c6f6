import {
  addCalendarDays,
  countOf,
  defaultWeekStart,
  employeeFullName,
  overScheduledAboveHours,
  weekDates,
  weekStartOf,
  type ScheduleEmployee,
  type ScheduleTemplate,
} from '@atrium/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CalendarX, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { hasPermission, useMe } from '../../accounts';
import { EmployeePicker, type PickedEmployee } from '../../employees';
import {
  employeeQueryOptions,
  weekScheduleQueryOptions,
  weekStatsQueryOptions,
} from '../api/scheduling.queries';
import { ApplyTemplateDialog } from '../components/apply-template-dialog';
import { CalendarView, type ScheduleActions } from '../components/calendar-view';
import { CopyScheduleButton } from '../components/copy-schedule-button';
import { EmployeeView } from '../components/employee-view';
import { ScheduleStats } from '../components/schedule-stats';
import { ShiftDialog } from '../components/shift-dialog';
import { TemplatesView } from '../components/templates-view';
import { scheduleTabs, useScheduleParams, type ScheduleTab } from '../hooks/use-schedule-params';
import { formatWeekRange } from '../lib/schedule-format';

type ShiftRequest =
  | { mode: 'add'; employee: PickedEmployee | null; date: string }
  | { mode: 'edit'; shiftId: string; employee: PickedEmployee };

const picked = (employee: ScheduleEmployee): PickedEmployee => ({ id: employee.id, name: employee.name });

/** Until the server has answered, the browser's week stands in (templates need only the weekday order). */
const browserWeek = () => weekDates(weekStartOf(new Date().toISOString().slice(0, 10), defaultWeekStart));

/**
 * /team/scheduling (spec 2 "Scheduling", issue 4): the week's cards, the calendar and employee views,
 * templates, and for managers Add Shift, edit, delete, Apply Template and Copy Schedule.
 */
export function SchedulingPage() {
  const me = useMe();
  const canManage = hasPermission(me, 'schedule:manage');
  const [params, changeParams] = useScheduleParams();
  const week = useInfiniteQuery(
    weekScheduleQueryOptions({ start: params.week, employeeId: params.employeeId }),
  );
  const stats = useQuery(weekStatsQueryOptions({ start: params.week, employeeId: params.employeeId }));
  const filteredEmployee = useQuery({
    ...employeeQueryOptions(params.employeeId ?? ''),
    enabled: Boolean(params.employeeId),
  });
  const [shiftRequest, setShiftRequest] = useState<ShiftRequest | null>(null);
  const [templateToApply, setTemplateToApply] = useState<ScheduleTemplate | null>(null);

  const first = week.data?.pages[0];
  const employees = week.data?.pages.flatMap((page) => page.data) ?? [];
  const days = first?.days ?? browserWeek();
  const limitHours = first?.overScheduledAboveHours ?? overScheduledAboveHours;
  const currentWeekStart = first ? weekStartOf(first.today, first.weekStartDay) : undefined;

  const filterEmployee: PickedEmployee | null = params.employeeId
    ? {
        id: params.employeeId,
        name:
          employees.find((employee) => employee.id === params.employeeId)?.name ??
          (filteredEmployee.data
            ? employeeFullName(filteredEmployee.data)
            : filteredEmployee.isError
              ? 'Unknown employee'
              : ''),
      }
    : null;

  // The dialog edits the shift as the schedule has it now: a reload after a 412 brings the new version.
  const editedShift =
    shiftRequest?.mode === 'edit'
      ? employees.flatMap((employee) => employee.shifts).find((shift) => shift.id === shiftRequest.shiftId)
      : undefined;

  const actions: ScheduleActions = canManage
    ? {
        onAddShift: (employee, date) => setShiftRequest({ mode: 'add', employee: picked(employee), date }),
        onEditShift: (shift, employee) =>
          setShiftRequest({ mode: 'edit', shiftId: shift.id, employee: picked(employee) }),
      }
    : {};

  const showWeek = (weekStart: string | undefined) => changeParams({ week: weekStart });
  const addShiftDay = first && days.includes(first.today) ? first.today : (days[0] ?? '');

  const weekBody = (view: (employees: ScheduleEmployee[]) => ReactNode) => {
    if (week.isPending) return <ScheduleSkeleton />;
    if (week.isError && !week.data) {
      return (
        <div className="space-y-3">
          <Alert title="The schedule could not be loaded">{week.error.message}</Alert>
          <Button variant="secondary" onClick={() => void week.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    if (employees.length === 0) {
      return (
        <EmptyState
          icon={CalendarX}
          title="No employees found"
          description={
            filteredEmployee.isError
              ? 'The employee in the filter is not in this workspace any more.'
              : params.employeeId
                ? 'This employee is not active and has no shifts this week.'
                : 'Active employees and anyone with a shift this week are listed here.'
          }
        />
      );
    }
    return (
      <div aria-busy={week.isPlaceholderData} className={cn(week.isPlaceholderData && 'opacity-60')}>
        {view(employees)}
        <div className="mt-4 flex flex-col items-center gap-2 text-sm text-slate-600">
          <p>{`Showing ${countOf(employees.length, { one: 'employee', other: 'employees' })}`}</p>
          {week.isFetchNextPageError ? (
            <Alert title="More employees could not be loaded">{week.error?.message}</Alert>
          ) : null}
          {week.hasNextPage ? (
            <Button
              variant="secondary"
              disabled={week.isFetchingNextPage}
              onClick={() => void week.fetchNextPage()}
            >
              {week.isFetchingNextPage ? <Spinner /> : null}
              Load more employees
            </Button>
          ) : null}
        </div>
      </div>
    );
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Scheduling — ${me.workspace.name} — Atrium`}</title>
      <PageHeader
        title="Scheduling"
        description="Plan shifts week by week, spot conflicts and over-scheduled people."
        actions={
          canManage ? (
            <>
              <CopyScheduleButton
                weekStart={first?.weekStart ?? days[0] ?? ''}
                weekStartDay={first?.weekStartDay ?? defaultWeekStart}
                employee={filterEmployee}
                disabled={!first || week.isPlaceholderData}
              />
              <Button
                disabled={!first}
                onClick={() => setShiftRequest({ mode: 'add', employee: filterEmployee, date: addShiftDay })}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add Shift
              </Button>
            </>
          ) : null
        }
      />

      <ScheduleStats stats={stats.data?.stats} unavailable={stats.isError} limitHours={limitHours} />

      <div className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <div role="group" aria-label="Choose the week" className="flex items-center gap-1">
            <Button
              variant="secondary"
              size="sm"
              aria-label="Previous week"
              disabled={!first}
              onClick={() => first && showWeek(addCalendarDays(first.weekStart, -7))}
              className="px-2"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!first || first.weekStart === currentWeekStart}
              onClick={() => showWeek(undefined)}
            >
              Today
            </Button>
            <Button
              variant="secondary"
              size="sm"
              aria-label="Next week"
              disabled={!first}
              onClick={() => first && showWeek(addCalendarDays(first.weekStart, 7))}
              className="px-2"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          </div>
          <h2 aria-live="polite" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            {first ? (
              <>
                <span className="sr-only">Week of </span>
                {formatWeekRange(first.weekStart, first.weekEnd)}
              </>
            ) : week.isError ? (
              'The week is not loaded'
            ) : (
              'Loading the week…'
            )}
            {week.isPlaceholderData ? <Spinner className="text-slate-500" /> : null}
          </h2>
        </div>
        <div className="w-full md:w-72">
          <label htmlFor="schedule-employee-filter" className="block text-sm font-medium text-slate-800">
            Employee
          </label>
          <EmployeePicker
            id="schedule-employee-filter"
            placeholder="All employees"
            clearLabel="Show all employees"
            value={filterEmployee}
            onChange={(employee) => changeParams({ employeeId: employee?.id })}
          />
        </div>
      </div>

      <Tabs value={params.tab} onValueChange={(tab) => changeParams({ tab: tab as ScheduleTab })}>
        <TabsList aria-label="Schedule views">
          {scheduleTabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="calendar">
          {weekBody((listed) => (
            <CalendarView days={days} today={first?.today ?? ''} employees={listed} {...actions} />
          ))}
        </TabsContent>
        <TabsContent value="employees">
          {weekBody((listed) => (
            <EmployeeView employees={listed} limitHours={limitHours} firstDay={addShiftDay} {...actions} />
          ))}
        </TabsContent>
        <TabsContent value="templates">
          <p className="mb-4 text-sm text-slate-600">
            {canManage
              ? 'Fill a week for one or many employees in one go. A template replaces their shifts on the days it fills.'
              : 'The standard weekly patterns managers schedule from.'}
          </p>
          <TemplatesView days={days} onApply={canManage ? setTemplateToApply : undefined} />
        </TabsContent>
      </Tabs>

      {canManage ? (
        <>
          <ShiftDialog
            request={
              shiftRequest?.mode === 'add'
                ? shiftRequest
                : shiftRequest?.mode === 'edit' && editedShift
                  ? { mode: 'edit', shift: editedShift, employee: shiftRequest.employee }
                  : null
            }
            days={days}
            onClose={() => setShiftRequest(null)}
          />
          <ApplyTemplateDialog
            template={templateToApply}
            weekStart={first?.weekStart ?? days[0] ?? ''}
            weekStartDay={first?.weekStartDay ?? defaultWeekStart}
            onClose={() => setTemplateToApply(null)}
            onApplied={(result) => {
              setTemplateToApply(null);
              changeParams({ tab: 'calendar', week: result.weekStart });
            }}
          />
        </>
      ) : null}
    </div>
  );
}

function ScheduleSkeleton() {
  return (
    <div role="status" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <span className="sr-only">Loading the schedule…</span>
      <div aria-hidden="true" className="space-y-3">
        {Array.from({ length: 6 }, (_, row) => (
          <div key={row} className="flex gap-3">
            <div className="h-12 w-40 shrink-0 animate-pulse rounded-lg bg-slate-200" />
            <div className="grid flex-1 grid-cols-7 gap-2">
              {Array.from({ length: 7 }, (_, column) => (
                <div key={column} className="h-12 animate-pulse rounded-lg bg-slate-100" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
