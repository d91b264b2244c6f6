import { useState } from 'react';
import { Controller, type Control, type FieldPath } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { EmployeePicker, type PickedEmployee } from '../../employees';

/**
 * The Employee field of the Add Review and Add Goal forms: it shows the picked name and sets the
 * form's employeeId.
 */
export function EmployeeField<Values extends { employeeId: string }>({
  control,
  initial,
  error,
}: {
  control: Control<Values>;
  /** The employee the dialog opened for, if any. */
  initial: PickedEmployee | null;
  error: string | undefined;
}) {
  const [picked, setPicked] = useState(initial);
  return (
    <Field label="Employee" error={error}>
      {(fieldControl) => (
        <Controller
          control={control}
          // TypeScript cannot resolve the path on a generic form; the constraint above guarantees it.
          name={'employeeId' as FieldPath<Values>}
          render={({ field }) => (
            <EmployeePicker
              {...fieldControl}
              inputRef={field.ref}
              value={picked}
              onBlur={field.onBlur}
              onChange={(next) => {
                setPicked(next);
                field.onChange(next?.id ?? '');
              }}
            />
          )}
        />
      )}
    </Field>
  );
}
