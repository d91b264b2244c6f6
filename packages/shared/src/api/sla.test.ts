import { describe, expect, it } from 'vitest';
import { fieldErrors } from './error';
import { uncheckedFields } from './fields';
import {
  createBusinessCalendarSchema,
  slaComplianceQuerySchema,
  updateBusinessCalendarSchema,
  updateSlaPolicySchema,
} from './sla';

const policy = {
  firstResponseHours: 4,
  resolutionHours: 48,
  calendarId: null,
  pauseStatuses: ['pending'],
  version: 1,
};

const errorsOf = (result: { success: boolean; error?: { issues: Parameters<typeof fieldErrors>[0] } }) =>
  result.error ? fieldErrors(result.error.issues) : {};

describe('SLA policy (issue 21)', () => {
  it('takes whole business hours, the resolution no shorter than the first response', () => {
    expect(updateSlaPolicySchema.parse(policy)).toEqual(policy);
    expect(errorsOf(updateSlaPolicySchema.safeParse({ ...policy, resolutionHours: 3 }))).toEqual({
      resolutionHours: 'At least the first response target',
    });
    expect(errorsOf(updateSlaPolicySchema.safeParse({ ...policy, firstResponseHours: 1.5 }))).toEqual({
      firstResponseHours: 'Use whole hours',
    });
    expect(errorsOf(updateSlaPolicySchema.safeParse({ ...policy, firstResponseHours: 0 }))).toEqual({
      firstResponseHours: 'At least 1 hour',
    });
  });

  it('pauses on unfinished statuses only, each once', () => {
    expect(
      updateSlaPolicySchema.parse({ ...policy, pauseStatuses: ['pending', 'pending'] }).pauseStatuses,
    ).toEqual(['pending']);
    expect(updateSlaPolicySchema.safeParse({ ...policy, pauseStatuses: ['resolved'] }).success).toBe(false);
  });
});

describe('business calendar input (issue 21)', () => {
  const calendar = { name: 'Berlin office', timeZone: 'Europe/Berlin', periods: {} };

  it('reads the holiday country in capitals, and none when blank', () => {
    expect(
      createBusinessCalendarSchema.parse({ ...calendar, holidayCountry: ' us-ca ' }).holidayCountry,
    ).toBe('US-CA');
    expect(createBusinessCalendarSchema.parse({ ...calendar, holidayCountry: '' }).holidayCountry).toBeNull();
    expect(createBusinessCalendarSchema.parse(calendar)).toMatchObject({
      holidayCountry: null,
      isDefault: false,
    });
    expect(
      errorsOf(createBusinessCalendarSchema.safeParse({ ...calendar, holidayCountry: 'Germany' })),
    ).toEqual({
      holidayCountry: 'Use a country code like DE, or a country and region like US-CA',
    });
  });

  it('needs a name, and the version to replace one', () => {
    expect(errorsOf(createBusinessCalendarSchema.safeParse({ ...calendar, name: ' ' }))).toEqual({
      name: 'Enter a name',
    });
    expect(updateBusinessCalendarSchema.safeParse(calendar).success).toBe(false);
  });

  it('checks every string it accepts', () => {
    expect(uncheckedFields(updateBusinessCalendarSchema)).toEqual([]);
    expect(uncheckedFields(updateSlaPolicySchema)).toEqual([]);
  });
});

describe('compliance period (issue 21)', () => {
  it('is at most 366 days, ending on or after its start', () => {
    expect(slaComplianceQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(errorsOf(slaComplianceQuerySchema.safeParse({ from: '2026-01-02', to: '2026-01-01' }))).toEqual({
      to: 'End on or after the start',
    });
    expect(errorsOf(slaComplianceQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-02' }))).toEqual({
      to: 'Choose at most 366 days',
    });
  });
});
