import { describe, expect, it } from 'vitest';
import { createEmployeeSchema } from './employees';

const employee = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  department: 'Engineering',
  jobTitle: 'Engineer',
  startDate: '2025-01-06',
  salary: 85_000,
};

/** The first message the schema gives for each field, as the form shows it under the field. */
function fieldErrors(input: Record<string, unknown>) {
  const result = createEmployeeSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('employee salary and hourly rate (issue 4: salary >= 0)', () => {
  it('asks for a missing salary, and says when the box holds no number', () => {
    expect(fieldErrors({ ...employee, salary: undefined })).toEqual({ salary: 'Enter the salary' });
    expect(fieldErrors({ ...employee, salary: Number.NaN })).toEqual({ salary: 'Enter a valid salary' });
    expect(fieldErrors({ ...employee, salary: -1 })).toEqual({ salary: 'Cannot be negative' });
  });

  it('takes no hourly rate, and refuses one that is not a number', () => {
    expect(fieldErrors({ ...employee, hourlyRate: null })).toEqual({});
    expect(fieldErrors({ ...employee, hourlyRate: Number.NaN })).toEqual({
      hourlyRate: 'Enter a valid hourly rate',
    });
  });
});
