import { hoursLabel } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { clockIn, clockOut, timeEntriesKey } from '../api/time-entries.queries';

type ClockInRequest = { employeeId?: string; name: string };
type ClockOutRequest = { entryId: string; name: string };

/** Clock in and out on the server clock (spec 4), with what the screen says about it. */
export function useClockActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: timeEntriesKey });

  const clockInMutation = useMutation({
    mutationFn: ({ employeeId }: ClockInRequest) => clockIn(employeeId ? { employeeId } : {}),
    onSuccess: (_entry, { name }) => toast.success(`${name} clocked in`),
    onError: (error, { name }) => {
      // 409: an open entry exists already (clocked in elsewhere, or a second tab).
      if (error instanceof ApiError && error.status === 409) {
        toast.error('Already clocked in', {
          description: `${error.fields?.employeeId ?? error.message}. Nothing changed; the running entry is shown now.`,
        });
        return;
      }
      toast.error(`${name} could not clock in`, { description: error.message });
    },
    onSettled: refresh,
  });

  const clockOutMutation = useMutation({
    mutationFn: ({ entryId }: ClockOutRequest) => clockOut(entryId),
    onSuccess: (entry, { name }) =>
      toast.success(`${name} clocked out`, {
        description: `${hoursLabel(entry.totalHours ?? 0)} recorded.`,
      }),
    onError: (error, { name }) => toast.error(`${name} could not clock out`, { description: error.message }),
    onSettled: refresh,
  });

  return { clockIn: clockInMutation, clockOut: clockOutMutation };
}
