import { zodResolver } from '@hookform/resolvers/zod';
import {
  createEmployeeSchema,
  employeeFullName,
  todayIn,
  userStatuses,
  type CreateEmployeeInput,
  type Employee,
  type EmployeeDetails,
  type UpdateEmployeeInput,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormActions, Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { SaveProblems } from '../../../components/ui/server-error-alert';
import { ApiError } from '../../../lib/api-client';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { useWorkspaceTimeZone } from '../../workspace';
import {
  createEmployee,
  departmentsQueryOptions,
  employeeDetailsQueryOptions,
  employeesQueryKey,
  updateEmployee,
} from '../api/employees.queries';
import { statusLabels } from '../lib/format';
import { EmployeePicker, type PickedEmployee } from './employee-pickers';
import { emptyAsNullNumber } from '../../../lib/form-values';

/**
 * The fields of the Add Employee dialog (spec 2) plus the status, the manager and the hourly rate
 * (the payroll export's), validated by the shared schema.
 */
const withCompensationSchema = createEmployeeSchema.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  department: true,
  jobTitle: true,
  managerId: true,
  startDate: true,
  salary: true,
  hourlyRate: true,
  status: true,
});
const withoutCompensationSchema = withCompensationSchema.omit({ salary: true, hourlyRate: true });

type Compensation = { salary?: number; hourlyRate?: number | null };
type FormValues = z.input<typeof withoutCompensationSchema> & Compensation;
type FormOutput = z.output<typeof withoutCompensationSchema> & Compensation;

const fieldNames = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'department',
  'jobTitle',
  'managerId',
  'startDate',
  'salary',
  'hourlyRate',
  'status',
] as const satisfies readonly (keyof FormValues)[];
const compensationFields: readonly string[] = ['salary', 'hourlyRate'] satisfies (keyof Compensation)[];

/** The department select's entry that switches to typing a new department. */
const newDepartment = '\u0000new';

function valuesOf(employee: Employee): FormValues {
  return {
    firstName: employee.firstName,
    lastName: employee.lastName,
    email: employee.email,
    phone: employee.phone ?? '',
    department: employee.department,
    jobTitle: employee.jobTitle,
    managerId: employee.managerId,
    startDate: employee.startDate,
    salary: employee.salary ?? undefined,
    hourlyRate: employee.hourlyRate ?? null,
    status: employee.status,
  };
}

/**
 * Add Employee (spec 2) and Edit, the per-employee second button: one dialog. Edit sends only the
 * fields that changed with the version it read, so a change made meanwhile is not overwritten (412).
 */
export function EmployeeFormDialog({
  employee,
  canSeeSalary,
  onClose,
}: {
  /** Absent: a new employee. */
  employee?: Employee;
  /** Issue 4: the salary and hourly rate fields only for people:view-compensation. */
  canSeeSalary: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const timeZone = useWorkspaceTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [editing, setEditing] = useState<Employee | EmployeeDetails | undefined>(employee);
  const [staleNotice, setStaleNotice] = useState(false);
  const [reloadError, setReloadError] = useState<Error | null>(null);

  const form = useForm<FormValues, unknown, FormOutput>({
    // Every role that may edit sees salaries today; the form still follows the permission itself
    // rather than that coincidence of the matrix.
    resolver: (canSeeSalary
      ? zodResolver(withCompensationSchema)
      : zodResolver(withoutCompensationSchema)) as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: editing
      ? valuesOf(editing)
      : {
          firstName: '',
          lastName: '',
          email: '',
          phone: '',
          department: '',
          jobTitle: '',
          managerId: null,
          startDate: todayIn(timeZone),
          salary: undefined,
          hourlyRate: null,
          status: 'active',
        },
  });
  const { errors, dirtyFields } = form.formState;
  const shownFields = canSeeSalary
    ? fieldNames
    : fieldNames.filter((name) => !compensationFields.includes(name));
  const manager = useManagerChoice(editing, form);

  const afterChange = () => queryClient.invalidateQueries({ queryKey: employeesQueryKey });

  const save = useMutation({
    mutationFn: async (values: FormOutput) => {
      // Without the compensation fields the server's answer says what is missing (a form-level message).
      if (!editing) return createEmployee(values as CreateEmployeeInput);
      const changes: Partial<UpdateEmployeeInput> = {};
      for (const name of fieldNames) {
        if (dirtyFields[name]) Object.assign(changes, { [name]: values[name] });
      }
      return updateEmployee(editing.id, { ...changes, version: editing.version });
    },
    onSuccess: (saved) => {
      void afterChange();
      toast.success(
        editing
          ? `${employeeFullName(saved)} was updated`
          : `${employeeFullName(saved)} was added to the directory`,
      );
      onClose();
    },
    onError: async (error) => {
      if (editing && error instanceof ApiError && error.status === 412) {
        // Someone saved this employee after the form was opened: show their version to start again from.
        void afterChange();
        try {
          const fresh = await queryClient.fetchQuery({
            ...employeeDetailsQueryOptions(editing.id),
            staleTime: 0,
          });
          setEditing(fresh);
          form.reset(valuesOf(fresh));
          manager.reset();
          setStaleNotice(true);
        } catch (reloadFailure) {
          // Deleted meanwhile, or the network is gone: say so instead of showing the old values.
          setReloadError(reloadFailure as Error);
        }
        return;
      }
      setServerFieldErrors(error, shownFields, form.setError);
    },
  });

  const submit = form.handleSubmit((values) => {
    setStaleNotice(false);
    setReloadError(null);
    if (editing && Object.keys(dirtyFields).length === 0) {
      onClose();
      return;
    }
    save.mutate(values);
  });

  const showRequestError =
    save.error &&
    !(save.error instanceof ApiError && save.error.status === 412) &&
    !isFieldError(save.error, shownFields);

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={editing ? `Edit ${employeeFullName(editing)}` : 'Add Employee'}
      description={
        editing
          ? `${editing.employeeCode} · Change the details and save; only what you change is sent.`
          : 'The new employee gets the next employee ID and appears in the directory at once.'
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5">
        <SaveProblems
          record="employee"
          stale={staleNotice}
          reloadError={reloadError}
          requestError={showRequestError ? save.error : null}
          requestTitle={editing ? 'The changes could not be saved' : 'The employee could not be added'}
        />
        <div className="grid gap-5 sm:grid-cols-2 [&>*]:min-w-0">
          <Field label="First name" error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('firstName')} />}
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('lastName')} />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="off"
                {...form.register('email')}
              />
            )}
          </Field>
          <Field label="Phone number" hint="Optional" error={errors.phone?.message}>
            {(control) => <Input {...control} type="tel" autoComplete="off" {...form.register('phone')} />}
          </Field>
          <DepartmentField form={form} error={errors.department?.message} />
          <Field label="Job title" error={errors.jobTitle?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('jobTitle')} />}
          </Field>
          <Field label="Manager" hint="Optional" error={errors.managerId?.message} className="sm:col-span-2">
            {(control) => (
              <Controller
                control={form.control}
                name="managerId"
                render={({ field }) => (
                  <EmployeePicker
                    {...control}
                    inputRef={field.ref}
                    value={manager.value}
                    onChange={manager.pick}
                    onBlur={field.onBlur}
                    onlyActive
                    excludeIds={editing ? [editing.id] : []}
                    placeholder={manager.loading ? 'Loading the manager…' : 'Search by name'}
                    clearLabel="No manager"
                  />
                )}
              />
            )}
          </Field>
          <Field label="Start date" error={errors.startDate?.message}>
            {(control) => <Input {...control} type="date" {...form.register('startDate')} />}
          </Field>
          <Field label="Status" error={errors.status?.message}>
            {(control) => (
              <Select {...control} {...form.register('status')}>
                {userStatuses.map((status) => (
                  <option key={status} value={status}>
                    {statusLabels[status]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {canSeeSalary ? (
            <>
              <Field label="Salary (per year)" error={errors.salary?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="text"
                    inputMode="decimal"
                    {...form.register('salary', { valueAsNumber: true })}
                  />
                )}
              </Field>
              <Field label="Hourly rate" hint="Optional" error={errors.hourlyRate?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="text"
                    inputMode="decimal"
                    {...form.register('hourlyRate', { setValueAs: emptyAsNullNumber })}
                  />
                )}
              </Field>
            </>
          ) : null}
        </div>
        <FormActions
          submitLabel={editing ? 'Save changes' : 'Add Employee'}
          pending={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

/**
 * The manager picker's value. The list's record has only the manager's id; the name comes from the
 * employee's details (usually cached by the details dialog) until someone else is picked.
 */
function useManagerChoice(
  editing: Employee | EmployeeDetails | undefined,
  form: ReturnType<typeof useForm<FormValues, unknown, FormOutput>>,
) {
  const managerId = useWatch({ control: form.control, name: 'managerId' });
  const [picked, setPicked] = useState<PickedEmployee | null | undefined>(undefined);
  const details = useQuery({
    ...employeeDetailsQueryOptions(editing?.id ?? ''),
    enabled: Boolean(editing?.managerId) && !(editing && 'managerName' in editing),
  });
  const savedName =
    editing && 'managerName' in editing ? editing.managerName : (details.data?.managerName ?? null);
  const loading = picked === undefined && Boolean(managerId) && details.isPending && !savedName;

  let value: PickedEmployee | null = null;
  if (picked !== undefined) value = picked;
  // A deleted manager has no name to show: the box reads as empty and the id is not sent unless changed.
  else if (managerId && savedName) value = { id: managerId, name: savedName };

  return {
    value,
    loading,
    pick: (person: PickedEmployee | null) => {
      setPicked(person);
      form.setValue('managerId', person?.id ?? null, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    },
    reset: () => setPicked(undefined),
  };
}

/**
 * Spec 2: a department select, offering the workspace's departments; "New department…" switches to
 * typing one, since a new workspace has none yet.
 */
function DepartmentField({
  form,
  error,
}: {
  form: ReturnType<typeof useForm<FormValues, unknown, FormOutput>>;
  error: string | undefined;
}) {
  const departments = useQuery(departmentsQueryOptions());
  const value = useWatch({ control: form.control, name: 'department' });
  const known = departments.data ?? [];
  const [typing, setTyping] = useState(false);
  const choose = (next: string) =>
    form.setValue('department', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  if (typing || (departments.isSuccess && known.length === 0)) {
    return (
      <Field
        label="Department"
        error={error}
        hint={
          known.length > 0 ? (
            <button
              type="button"
              className="font-medium text-indigo-700 underline-offset-2 hover:underline"
              onClick={() => {
                setTyping(false);
                choose('');
              }}
            >
              Choose an existing department
            </button>
          ) : undefined
        }
      >
        {(control) => (
          <Input {...control} autoComplete="off" autoFocus={typing} {...form.register('department')} />
        )}
      </Field>
    );
  }

  // The employee's own department stays selectable even before the list has loaded.
  const options = value && !known.includes(value) ? [value, ...known] : known;
  return (
    <Field label="Department" error={error}>
      {(control) => (
        <Select
          {...control}
          {...form.register('department', {
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value !== newDepartment) return;
              setTyping(true);
              choose('');
            },
          })}
        >
          <option value="">{departments.isPending ? 'Loading departments…' : 'Choose a department'}</option>
          {options.map((department) => (
            <option key={department} value={department}>
              {department}
            </option>
          ))}
          <option value={newDepartment}>New department…</option>
        </Select>
      )}
    </Field>
  );
}
