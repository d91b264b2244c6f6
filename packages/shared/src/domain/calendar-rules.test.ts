import { describe, expect, it } from 'vitest';
import { scheduleMeetingSchema } from '../api/calendar';
import { fieldErrors } from '../api/error';
import { meetingTimesProblems, zonedInstant } from './calendar-rules';

describe('Schedule Meeting times', () => {
  it('needs the end after the start', () => {
    expect(meetingTimesProblems({ startTime: '09:00', endTime: '09:30' })).toEqual({});
    expect(meetingTimesProblems({ startTime: '09:00', endTime: '09:00' })).toEqual({
      endTime: 'End after the start time',
    });
    expect(meetingTimesProblems({ startTime: '14:00', endTime: '13:59' })).toHaveProperty('endTime');
  });

  it('answers each invalid field with its own message', () => {
    const result = scheduleMeetingSchema.safeParse({
      title: '  ',
      date: '2025-02-30',
      startTime: '9:00',
      endTime: '25:00',
      attendeeIds: ['nobody'],
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      title: 'Enter a title',
      date: 'Enter a valid date',
      startTime: 'Use a time like 09:30',
      endTime: 'Use a time like 09:30',
      'attendeeIds.0': 'Choose attendees from the list',
    });
  });

  it('trims the texts and defaults the optional fields', () => {
    expect(
      scheduleMeetingSchema.parse({
        title: ' Sync ',
        date: '2025-03-03',
        startTime: '09:00',
        endTime: '10:00',
      }),
    ).toEqual({
      title: 'Sync',
      date: '2025-03-03',
      startTime: '09:00',
      endTime: '10:00',
      location: '',
      description: '',
      attendeeIds: [],
    });
  });
});

describe('wall-clock time in the workspace time zone (stored UTC)', () => {
  it('converts with the offset of that day', () => {
    expect(zonedInstant('2025-01-15', '09:30', 'UTC').toISOString()).toBe('2025-01-15T09:30:00.000Z');
    expect(zonedInstant('2025-01-15', '09:30', 'America/New_York').toISOString()).toBe(
      '2025-01-15T14:30:00.000Z',
    );
    expect(zonedInstant('2025-07-15', '09:30', 'America/New_York').toISOString()).toBe(
      '2025-07-15T13:30:00.000Z',
    );
    expect(zonedInstant('2025-07-15', '00:15', 'Asia/Kolkata').toISOString()).toBe(
      '2025-07-14T18:45:00.000Z',
    );
  });

  it('handles the days clocks change', () => {
    // Berlin springs forward at 02:00 on 2025-03-30: 02:30 does not exist and moves on by the gap.
    expect(zonedInstant('2025-03-30', '01:30', 'Europe/Berlin').toISOString()).toBe(
      '2025-03-30T00:30:00.000Z',
    );
    expect(zonedInstant('2025-03-30', '03:30', 'Europe/Berlin').toISOString()).toBe(
      '2025-03-30T01:30:00.000Z',
    );
    expect(zonedInstant('2025-03-30', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2025-03-30T01:30:00.000Z',
    );
    // ... and falls back at 03:00 on 2025-10-26; after the change, 09:00 is UTC+1.
    expect(zonedInstant('2025-10-26', '09:00', 'Europe/Berlin').toISOString()).toBe(
      '2025-10-26T08:00:00.000Z',
    );
  });
});
