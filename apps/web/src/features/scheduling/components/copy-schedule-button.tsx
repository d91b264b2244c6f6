import {
  addCalendarDays,
  copyWeekSchema,
  invalidDateMessage,
  sameWeekCopyMessage,
  weekStartOf,
  type CopyWeekResult,
  countOf,
  formatCount,
  nounFor,
} from '@atrium/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import type { PickedEmployee } from '../../employees';
import { copyWeek, copyWeekPreviewQueryOptions, schedulingKey } from '../api/scheduling.queries';
import { formatWeekRange } from '../lib/schedule-format';

const shiftsCount = (count: number) => countOf(count, { one: 'shift', other: 'shifts' });

const weekRange = (weekStart: string) => formatWeekRange(weekStart, addCalendarDays(weekStart, 6));

/**
 * Copy Schedule (spec 2; issue 20): the week on screen onto next week or a chosen week, with a
 * preview of what the copy creates and skips before anything changes. The copy adds to the target
 * week: days that already have a shift keep it. With the employee filter on, only that employee's
 * shifts are copied.
 */
export function CopyScheduleButton({
  weekStart,
  weekStartDay,
  employee,
  disabled,
}: {
  /** The week on screen, which is copied. */
  weekStart: string;
  weekStartDay: number;
  employee: PickedEmployee | null;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" disabled={disabled} onClick={() => setOpen(true)}>
        <Copy aria-hidden="true" className="size-4" />
        Copy Schedule
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Copy Schedule"
        description={`${employee ? `${employee.name}'s shifts` : 'The shifts'} of the week of ${weekRange(weekStart)} go to the same days of the week you choose. Days that already have a shift keep it.`}
      >
        {open ? (
          <CopyScheduleForm
            weekStart={weekStart}
            weekStartDay={weekStartDay}
            employee={employee}
            onDone={() => setOpen(false)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function CopyScheduleForm({
  weekStart,
  weekStartDay,
  employee,
  onDone,
}: {
  weekStart: string;
  weekStartDay: number;
  employee: PickedEmployee | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState(addCalendarDays(weekStart, 7));
  const targetIsDate = copyWeekSchema.shape.toWeekStart.safeParse(target).success;
  const chosenWeek = targetIsDate ? weekStartOf(target, weekStartDay) : null;
  // Caught here as the server would catch them, without asking it.
  const targetProblem = !chosenWeek
    ? invalidDateMessage
    : chosenWeek === weekStart
      ? sameWeekCopyMessage
      : undefined;
  const input = {
    fromWeekStart: weekStart,
    toWeekStart: target,
    ...(employee ? { employeeIds: [employee.id] } : {}),
  };
  const preview = useQuery({
    ...copyWeekPreviewQueryOptions(input),
    enabled: !targetProblem,
    placeholderData: keepPreviousData,
  });
  const fieldError = preview.error instanceof ApiError ? preview.error.fields?.toWeekStart : undefined;
  const targetError = targetProblem ?? fieldError;
  const shown = !targetProblem && !preview.isError ? preview.data : undefined;

  const copy = useMutation({
    mutationFn: () => copyWeek(input),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: schedulingKey });
      toast.success(`Copied ${shiftsCount(result.created)} to the week of ${weekRange(result.toWeekStart)}`, {
        description: skippedSentence(result),
      });
      onDone();
    },
  });

  // Only what the preview on screen promises is copied: not while another week's preview shows.
  const ready = shown !== undefined && shown.created > 0 && !preview.isPlaceholderData;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) copy.mutate();
  };

  const nextWeek = addCalendarDays(weekStart, 7);
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {copy.error ? <Alert title="The schedule could not be copied">{copy.error.message}</Alert> : null}
      <Field
        label="Copy to the week of"
        error={targetError}
        hint={chosenWeek ? `Any day of the week: this copies into ${weekRange(chosenWeek)}.` : undefined}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-2">
            <Input
              {...control}
              type="date"
              className="sm:w-56"
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={chosenWeek === nextWeek}
              onClick={() => setTarget(nextWeek)}
            >
              Next week
            </Button>
          </div>
        )}
      </Field>
      <section aria-label="What the copy does" aria-live="polite" aria-busy={preview.isFetching}>
        {shown ? (
          <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
            <p className="font-semibold text-slate-900">
              {shown.created > 0
                ? `Creates ${shiftsCount(shown.created)} in the week of ${weekRange(shown.toWeekStart)}.`
                : `Nothing to copy into the week of ${weekRange(shown.toWeekStart)}.`}
            </p>
            <p className="mt-1">{skippedSentence(shown) ?? 'Nothing is skipped.'}</p>
          </div>
        ) : !targetProblem && preview.isError && !fieldError ? (
          <Alert title="The preview could not be loaded">{preview.error.message}</Alert>
        ) : !targetProblem && preview.isFetching ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Counting the shifts…
          </p>
        ) : null}
      </section>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || copy.isPending}>
          {copy.isPending ? <Spinner /> : null}
          {ready ? `Copy ${shiftsCount(shown.created)}` : 'Copy Schedule'}
        </Button>
      </div>
    </form>
  );
}

/** "Skips 3 shifts: 2 on days that already have a shift, 1 for an inactive employee." */
function skippedSentence({ skipped }: CopyWeekResult): string | undefined {
  const reasons = [
    skipped.alreadyScheduled > 0
      ? `${formatCount(skipped.alreadyScheduled)} on days that already have a shift`
      : null,
    skipped.inactiveEmployees > 0
      ? `${formatCount(skipped.inactiveEmployees)} for ${nounFor(skipped.inactiveEmployees, { one: 'an inactive employee', other: 'inactive employees' })}`
      : null,
  ].filter(Boolean);
  const total = skipped.alreadyScheduled + skipped.inactiveEmployees;
  return total > 0 ? `Skips ${shiftsCount(total)}: ${reasons.join(', ')}.` : undefined;
}
