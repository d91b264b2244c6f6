import { describe, expect, it } from 'vitest';
import { dayLabel, dueLabel, meetingDefaults, timeRange } from './meeting-times';

describe('Schedule Meeting defaults', () => {
  it('starts at the next half hour of the workspace clock and lasts an hour', () => {
    expect(meetingDefaults('UTC', new Date('2025-03-03T14:10:00Z'))).toEqual({
      date: '2025-03-03',
      startTime: '14:30',
      endTime: '15:30',
    });
    expect(meetingDefaults('UTC', new Date('2025-03-03T14:30:00Z')).startTime).toBe('15:00');
    // 14:10 UTC is 09:10 in New York.
    expect(meetingDefaults('America/New_York', new Date('2025-03-03T14:10:00Z'))).toEqual({
      date: '2025-03-03',
      startTime: '09:30',
      endTime: '10:30',
    });
  });

  it('moves to tomorrow morning late in the evening', () => {
    expect(meetingDefaults('UTC', new Date('2025-03-03T22:45:00Z'))).toEqual({
      date: '2025-03-04',
      startTime: '09:00',
      endTime: '10:00',
    });
  });
});

describe('labels', () => {
  const now = new Date('2025-03-03T12:00:00Z');

  it('names today and tomorrow in the workspace time zone', () => {
    expect(dayLabel('2025-03-03T20:00:00Z', 'UTC', now)).toBe('Today');
    expect(dayLabel('2025-03-04T08:00:00Z', 'UTC', now)).toBe('Tomorrow');
    // 02:00 UTC on the 4th is still the 3rd in New York.
    expect(dayLabel('2025-03-04T02:00:00Z', 'America/New_York', now)).toBe('Today');
    expect(dayLabel('2025-03-07T08:00:00Z', 'UTC', now)).toBe('Fri, Mar 7');
  });

  it('gives a meeting its time range and a task its due day', () => {
    expect(timeRange('2025-03-03T14:00:00Z', '2025-03-03T15:30:00Z', 'America/New_York')).toMatch(
      /^9:00\s–\s10:30\sAM$/,
    );
    expect(dueLabel('2025-03-03', '2025-03-03')).toBe('Due today');
    expect(dueLabel('2025-03-04', '2025-03-03')).toBe('Due tomorrow');
    expect(dueLabel('2025-02-27', '2025-03-03')).toBe('Due Feb 27, 2025');
  });
});
