import { defaultBreakMinutes, standardWorkday, type Shift } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, Modal } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import type { PickedEmployee } from '../../employees';
import { createShift, deleteShift, schedulingKey, updateShift } from '../api/scheduling.queries';
import { formatHours, formatLongDay, formatShiftTimes } from '../lib/schedule-format';
import { ShiftForm, type ShiftValues } from './shift-form';

export type ShiftDialogRequest =
  | { mode: 'add'; employee: PickedEmployee | null; date: string }
  | { mode: 'edit'; shift: Shift; employee: PickedEmployee };

const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;

const describeShift = (shift: Shift) =>
  `${formatLongDay(shift.date)}, ${formatShiftTimes(shift)} (${formatHours(shift.hours)})`;

/** Add Shift (spec 2) and, for a shift on the calendar, Edit and Delete (issue 4). */
export function ShiftDialog({
  request,
  days,
  onClose,
}: {
  request: ShiftDialogRequest | null;
  days: readonly string[];
  onClose: () => void;
}) {
  return (
    <Modal
      open={request !== null}
      onClose={onClose}
      title={request?.mode === 'edit' ? 'Edit Shift' : 'Add Shift'}
      description={
        request?.mode === 'edit'
          ? `${request.employee.name} · ${formatLongDay(request.shift.date)}`
          : 'Times are on the hour from 06:00 to 22:00; an end before the start ends the next day.'
      }
    >
      {request?.mode === 'add' ? (
        <AddShift employee={request.employee} date={request.date} days={days} onClose={onClose} />
      ) : request?.mode === 'edit' ? (
        <EditShift shift={request.shift} employee={request.employee} days={days} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function AddShift({
  employee,
  date,
  days,
  onClose,
}: {
  employee: PickedEmployee | null;
  date: string;
  days: readonly string[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createShift,
    onSuccess: (shift) => {
      void queryClient.invalidateQueries({ queryKey: schedulingKey });
      toast.success('Shift added', { description: describeShift(shift) });
      onClose();
    },
  });
  return (
    <ShiftForm
      defaults={{
        employeeId: employee?.id ?? '',
        date,
        startTime: standardWorkday.start,
        endTime: standardWorkday.end,
        breakMinutes: defaultBreakMinutes,
        isActive: true,
      }}
      employee={employee}
      days={days}
      showActive={false}
      submitLabel="Add Shift"
      pending={create.isPending}
      error={create.error}
      onSubmit={(values) => create.mutateAsync(values)}
      onCancel={onClose}
    />
  );
}

function EditShift({
  shift,
  employee,
  days,
  onClose,
}: {
  shift: Shift;
  employee: PickedEmployee;
  days: readonly string[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // Live updates refresh the schedule while the dialog is open: the form keeps the version it opened
  // with, so someone else's change never silently replaces what is being typed. Only once a save is
  // refused (412) does it take their version.
  const [base, setBase] = useState(shift);
  if (changedElsewhere && shift.version !== base.version) setBase(shift);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const goneElsewhere = () => {
    toast.error('This shift no longer exists', {
      description: 'Someone else deleted it; the schedule has been reloaded.',
    });
    void queryClient.invalidateQueries({ queryKey: schedulingKey });
    onClose();
  };

  const update = useMutation({
    mutationFn: (values: ShiftValues) => updateShift(base.id, { ...values, version: base.version }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: schedulingKey });
      toast.success('Shift updated', { description: describeShift(saved) });
      onClose();
    },
    onError: (error) => {
      if (isStatus(error, 412)) {
        // The reloaded shift arrives with a new version, which remounts the form with its values.
        setChangedElsewhere(true);
        void queryClient.invalidateQueries({ queryKey: schedulingKey });
      } else if (isStatus(error, 404)) {
        goneElsewhere();
      }
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteShift(base.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: schedulingKey });
      toast.success('Shift deleted', { description: `${employee.name}, ${describeShift(base)}` });
      setConfirmingDelete(false);
      onClose();
    },
    onError: (error) => {
      setConfirmingDelete(false);
      if (isStatus(error, 404)) goneElsewhere();
      else toast.error('The shift could not be deleted', { description: error.message });
    },
  });

  return (
    <>
      <ShiftForm
        key={`${base.id}-${base.version}`}
        defaults={{
          employeeId: base.employeeId,
          date: base.date,
          startTime: base.startTime,
          endTime: base.endTime,
          breakMinutes: base.breakMinutes,
          isActive: base.isActive,
        }}
        employee={employee}
        days={days}
        showActive
        submitLabel="Save Changes"
        pending={update.isPending}
        error={isStatus(update.error, 412) ? null : update.error}
        onSubmit={(values) => update.mutateAsync(values)}
        onCancel={onClose}
        notice={
          changedElsewhere ? (
            <Alert title="Someone else changed this shift while you were editing">
              It now shows their version. Make your change again and save.
            </Alert>
          ) : null
        }
        secondaryAction={
          <Button variant="ghost" onClick={() => setConfirmingDelete(true)}>
            <span className="flex items-center gap-2 text-red-700">
              <Trash2 aria-hidden="true" className="size-4" />
              Delete Shift
            </span>
          </Button>
        }
      />
      <ConfirmDialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete this shift?"
        description={`${employee.name}'s shift on ${describeShift(base)} will be removed from the schedule.`}
        confirmLabel="Delete Shift"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
