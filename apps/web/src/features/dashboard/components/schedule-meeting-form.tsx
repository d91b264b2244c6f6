import { zodResolver } from '@hookform/resolvers/zod';
import { scheduleMeetingSchema, type ScheduleMeetingInput } from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { useWorkspaceTimeZone } from '../../workspace';
import { scheduleMeeting } from '../api/dashboard.queries';
import { dayLabel, meetingDefaults, timeRange } from '../lib/meeting-times';
import { AttendeePicker, type PickedAttendee } from './attendee-picker';

const fieldNames = [
  'title',
  'date',
  'startTime',
  'endTime',
  'location',
  'description',
  'attendeeIds',
] as const;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The Schedule Meeting dialog, open (ScheduleMeetingDialog mounts it afresh for every opening, so
 * each starts with an empty form).
 */
export function ScheduleMeetingModal({ onClose }: { onClose: () => void }) {
  const [attendees, setAttendees] = useState<PickedAttendee[]>([]);
  const timeZoneHintId = useId();
  const workspaceTimeZone = useWorkspaceTimeZone();
  const timeZone = workspaceTimeZone ?? browserTimeZone();
  const queryClient = useQueryClient();
  const [defaultValues] = useState(() => emptyMeeting(timeZone));
  const form = useForm({ resolver: zodResolver(scheduleMeetingSchema), defaultValues });
  const { errors } = form.formState;

  const schedule = useMutation({
    mutationFn: scheduleMeeting,
    onSuccess: (meeting) => {
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      void queryClient.invalidateQueries({ queryKey: ['calendar'] });
      onClose();
      toast.success(`Meeting '${meeting.title}' scheduled`, {
        description: `${dayLabel(meeting.startsAt, timeZone)}, ${timeRange(meeting.startsAt, meeting.endsAt, timeZone)}`,
      });
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Schedule Meeting"
      description="Everyone you invite sees it under Upcoming meetings on their dashboard."
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => schedule.mutate(values))}
        className="space-y-5"
      >
        {schedule.error && !isFieldError(schedule.error, fieldNames) ? (
          <ServerErrorAlert error={schedule.error} title="The meeting could not be scheduled" />
        ) : null}
        <Field label="Title" error={errors.title?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
        </Field>
        <fieldset aria-describedby={timeZoneHintId}>
          <legend className="sr-only">When</legend>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Field label="Date" error={errors.date?.message} className="col-span-2 sm:col-span-1">
              {(control) => <Input {...control} type="date" {...form.register('date')} />}
            </Field>
            <Field label="Start time" error={errors.startTime?.message}>
              {(control) => <Input {...control} type="time" step={300} {...form.register('startTime')} />}
            </Field>
            <Field label="End time" error={errors.endTime?.message}>
              {(control) => <Input {...control} type="time" step={300} {...form.register('endTime')} />}
            </Field>
          </div>
          <p id={timeZoneHintId} className="mt-1.5 text-sm text-slate-600">
            Times are in the workspace time zone, {timeZone}.
          </p>
        </fieldset>
        <Field label="Location" error={errors.location?.message}>
          {(control) => (
            <Input
              {...control}
              placeholder="A room or a video call link"
              autoComplete="off"
              {...form.register('location')}
            />
          )}
        </Field>
        <Field label="Attendees" hint="You attend as the organizer." error={errors.attendeeIds?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="attendeeIds"
              render={({ field }) => (
                <AttendeePicker
                  {...control}
                  inputRef={field.ref}
                  value={attendees}
                  onChange={(next) => {
                    setAttendees(next);
                    field.onChange(next.map((attendee) => attendee.id));
                  }}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </Field>
        <Field label="Description" error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
        </Field>
        <FormActions submitLabel="Schedule meeting" pending={schedule.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function emptyMeeting(timeZone: string): ScheduleMeetingInput {
  return {
    title: '',
    ...meetingDefaults(timeZone),
    location: '',
    description: '',
    attendeeIds: [],
  };
}
