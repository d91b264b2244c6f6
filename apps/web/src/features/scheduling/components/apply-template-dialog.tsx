import { zodResolver } from '@hookform/resolvers/zod';
import {
  addCalendarDays,
  applyTemplateSchema,
  countOf,
  weekStartOf,
  type ApplyTemplateInput,
  type ApplyTemplateResult,
  type ScheduleTemplate,
} from '@atrium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { EmployeeMultiPicker, type PickedEmployee } from '../../employees';
import { applyTemplate, schedulingKey } from '../api/scheduling.queries';
import { formatWeekRange } from '../lib/schedule-format';

const fieldNames = ['employeeIds', 'weekStart'] as const;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

const plural = (count: number, one: string, many: string) => countOf(count, { one, other: many });

/** Apply Template (spec 2; issue 4): the template's shifts for the picked employees in one week. */
export function ApplyTemplateDialog({
  template,
  weekStart,
  weekStartDay,
  onClose,
  onApplied,
}: {
  template: ScheduleTemplate | null;
  /** The week on screen, offered first. */
  weekStart: string;
  weekStartDay: number;
  onClose: () => void;
  onApplied: (result: ApplyTemplateResult) => void;
}) {
  return (
    <Modal
      open={template !== null}
      onClose={onClose}
      size="lg"
      title={template ? `Apply ${template.name}` : 'Apply Template'}
      description={
        template
          ? `${template.summary}. The template replaces the picked employees' shifts on the days it fills; their other days stay as they are.`
          : ''
      }
    >
      {template ? (
        <ApplyTemplateForm
          key={template.id}
          template={template}
          weekStart={weekStart}
          weekStartDay={weekStartDay}
          onClose={onClose}
          onApplied={onApplied}
        />
      ) : null}
    </Modal>
  );
}

function ApplyTemplateForm({
  template,
  weekStart,
  weekStartDay,
  onClose,
  onApplied,
}: {
  template: ScheduleTemplate;
  weekStart: string;
  weekStartDay: number;
  onClose: () => void;
  onApplied: (result: ApplyTemplateResult) => void;
}) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<PickedEmployee[]>([]);
  const form = useForm<ApplyTemplateInput>({
    resolver: zodResolver(applyTemplateSchema),
    defaultValues: { template: template.id, employeeIds: [], weekStart },
  });
  const { errors } = form.formState;
  const chosenDate = useWatch({ control: form.control, name: 'weekStart' });
  const chosenWeekStart = isoDatePattern.test(chosenDate) ? weekStartOf(chosenDate, weekStartDay) : null;

  const apply = useMutation({
    mutationFn: applyTemplate,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: schedulingKey });
      toast.success(`${template.name} applied to ${plural(result.employees, 'employee', 'employees')}`, {
        description: `${plural(result.created, 'shift', 'shifts')} created, ${plural(result.replaced, 'shift', 'shifts')} replaced in the week of ${formatWeekRange(result.weekStart, addCalendarDays(result.weekStart, 6))}.`,
      });
      onApplied(result);
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => apply.mutate(values))} className="space-y-5">
      {apply.error && !isFieldError(apply.error, fieldNames) ? (
        <ServerErrorAlert error={apply.error} title="The template could not be applied" />
      ) : null}
      <Field label="Employees" error={errors.employeeIds?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="employeeIds"
            render={({ field }) => (
              <EmployeeMultiPicker
                {...control}
                inputRef={field.ref}
                value={picked}
                onChange={(employees) => {
                  setPicked(employees);
                  field.onChange(employees.map((employee) => employee.id));
                }}
                onBlur={field.onBlur}
                onlyActive
                chipsLabel="Picked employees"
                pickAllShown
              />
            )}
          />
        )}
      </Field>
      <Field
        label="Week"
        error={errors.weekStart?.message}
        hint={
          chosenWeekStart
            ? `Any day of the week: this fills ${formatWeekRange(chosenWeekStart, addCalendarDays(chosenWeekStart, 6))}.`
            : 'Any day of the week.'
        }
      >
        {(control) => <Input {...control} type="date" className="sm:w-56" {...form.register('weekStart')} />}
      </Field>
      <FormActions
        submitLabel={
          picked.length > 0 ? `Apply to ${plural(picked.length, 'employee', 'employees')}` : 'Apply Template'
        }
        pending={apply.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
