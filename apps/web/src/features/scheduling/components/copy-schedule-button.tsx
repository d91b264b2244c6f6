import { addCalendarDays } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import type { PickedEmployee } from '../../employees';
import { copyWeek, schedulingKey } from '../api/scheduling.queries';
import { formatWeekRange } from '../lib/schedule-format';

const shiftsCount = (count: number) => `${count} ${count === 1 ? 'shift' : 'shifts'}`;

/**
 * Copy Schedule (spec 2; issue 4): last week's shifts onto the same days of the week shown, after a
 * confirmation, since shifts already on those days are replaced. With the employee filter on, only
 * that employee's shifts are copied.
 */
export function CopyScheduleButton({
  weekStart,
  employee,
  disabled,
}: {
  weekStart: string;
  employee: PickedEmployee | null;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const lastWeekStart = addCalendarDays(weekStart, -7);
  const lastWeek = formatWeekRange(lastWeekStart, addCalendarDays(lastWeekStart, 6));
  const thisWeek = formatWeekRange(weekStart, addCalendarDays(weekStart, 6));

  const copy = useMutation({
    mutationFn: () =>
      copyWeek({
        fromWeekStart: lastWeekStart,
        toWeekStart: weekStart,
        ...(employee ? { employeeIds: [employee.id] } : {}),
      }),
    onSuccess: (result) => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: schedulingKey });
      if (result.copied === 0) {
        toast.info('Nothing to copy', { description: `The week of ${lastWeek} has no shifts.` });
        return;
      }
      toast.success(`Copied ${shiftsCount(result.copied)} from last week`, {
        description:
          result.replaced > 0 ? `${shiftsCount(result.replaced)} already in this week replaced.` : undefined,
      });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error('The schedule could not be copied', { description: error.message });
    },
  });

  return (
    <>
      <Button variant="secondary" disabled={disabled} onClick={() => setConfirming(true)}>
        <Copy aria-hidden="true" className="size-4" />
        Copy Schedule
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Copy last week's schedule?"
        description={`${employee ? `${employee.name}'s shifts` : 'Every shift'} of the week of ${lastWeek} will be copied to the same days of the week of ${thisWeek}. Shifts already on those days are replaced.`}
        confirmLabel="Copy Schedule"
        destructive={false}
        pending={copy.isPending}
        onConfirm={() => copy.mutate()}
      />
    </>
  );
}
