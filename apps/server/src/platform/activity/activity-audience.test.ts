import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Member } from '../auth/member-context';
import { activityEntityTypes, readerFor, type ActivityAudience } from './activity-audience';

const member = { tenantId: 'tenant', role: 'employee', employeeId: 'me' } as Member;

const nothing = Object.fromEntries(
  activityEntityTypes.map((type) => [type, { visible: () => false }]),
) as unknown as ActivityAudience;
const audience: ActivityAudience = {
  ...nothing,
  workspace: { visible: () => true },
  goal: { visible: (m) => (entry) => sql`${entry.entityId} = ${m.employeeId}` },
  employee: { visible: () => true, redact: (_m, data) => ({ ...data, salary: undefined }) },
};

describe('one member’s view of the activity log (issue 17)', () => {
  it('sorts each kind into seen whole, seen in part (by a condition) and not seen', () => {
    const reader = readerFor(audience, member);
    expect(reader.everyEntryOf).toEqual(['workspace', 'employee']);
    expect(reader.someEntriesOf.map((entry) => entry.entityType)).toEqual(['goal']);
    expect(reader.sees('workspace')).toBe('all');
    expect(reader.sees('goal')).toBe('some');
    expect(reader.sees('performance_review')).toBe('none');
  });

  it('shows nobody the entries of a kind that has no read rule', () => {
    expect(readerFor(audience, member).sees('some_future_type')).toBe('none');
  });

  it('cuts an entry’s data by its kind’s rule, and leaves other kinds’ data as it is', () => {
    const reader = readerFor(audience, member);
    expect(reader.redact('employee', { jobTitle: 'Engineer', salary: 1 })).toEqual({
      jobTitle: 'Engineer',
      salary: undefined,
    });
    expect(reader.redact('workspace', { name: 'Acme' })).toEqual({ name: 'Acme' });
    expect(reader.redact('employee', null)).toBeNull();
  });
});
