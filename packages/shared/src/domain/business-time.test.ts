import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../api/error';
import { uncheckedFields } from '../api/fields';
import {
  addBusinessTime,
  businessCalendarSchema,
  businessMinutesBetween,
  defaultBusinessCalendar,
  slaClock,
  slaFractionElapsedAt,
  type BusinessCalendar,
  type BusinessPeriod,
} from './business-time';
import { zonedInstant } from './calendar-rules';
import { addCalendarDays } from './time-rules';

const berlin = defaultBusinessCalendar('Europe/Berlin');
/** A wall-clock time in Berlin, e.g. at('2025-01-10 16:30'). */
const at = (local: string) => zonedInstant(local.slice(0, 10), local.slice(11), 'Europe/Berlin');
const hours = (n: number) => n * 60;

const withPeriods = (calendar: BusinessCalendar, periods: BusinessPeriod[]): BusinessCalendar => ({
  ...calendar,
  periods: { ...calendar.periods, 1: periods, 2: periods, 3: periods, 4: periods, 5: periods },
});
const lunchBreak = withPeriods(berlin, [
  { start: '09:00', end: '12:00' },
  { start: '13:00', end: '17:00' },
]);
const closedWeek = (timeZone: string): BusinessCalendar => ({
  timeZone,
  periods: { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] },
  holidays: [],
});
const roundTheClock = (timeZone: string): BusinessCalendar => {
  const allDay = [{ start: '00:00', end: '24:00' }];
  return {
    timeZone,
    periods: { 0: allDay, 1: allDay, 2: allDay, 3: allDay, 4: allDay, 5: allDay, 6: allDay },
    holidays: [],
  };
};

describe('business calendar', () => {
  it('defaults to Monday to Friday 09:00-17:00 without holidays', () => {
    expect(berlin).toEqual({
      timeZone: 'Europe/Berlin',
      periods: {
        0: [],
        1: [{ start: '09:00', end: '17:00' }],
        2: [{ start: '09:00', end: '17:00' }],
        3: [{ start: '09:00', end: '17:00' }],
        4: [{ start: '09:00', end: '17:00' }],
        5: [{ start: '09:00', end: '17:00' }],
        6: [],
      },
      holidays: [],
    });
    expect(businessCalendarSchema.parse(JSON.parse(JSON.stringify(berlin)))).toEqual(berlin);
  });

  it('closes the days left out and accepts touching periods and a day that ends at 24:00', () => {
    const parsed = businessCalendarSchema.parse({
      timeZone: 'America/New_York',
      periods: {
        '1': [
          { start: '13:00', end: '24:00' },
          { start: '00:00', end: '13:00' },
        ],
      },
    });
    expect(parsed.periods[0]).toEqual([]);
    expect(parsed.periods[1]).toHaveLength(2);
    expect(parsed.periods[6]).toEqual([]);
    expect(parsed.holidays).toEqual([]);
  });

  it('answers each invalid field with its own message', () => {
    const result = businessCalendarSchema.safeParse({
      timeZone: 'Mars/Olympus_Mons',
      periods: {
        1: [{ start: '9:00', end: '17:00' }],
        2: [{ start: '09:00', end: '25:00' }],
        3: [{ start: '12:00', end: '12:00' }],
        4: [
          { start: '09:00', end: '17:00' },
          { start: '12:00', end: '13:00' },
        ],
        5: [{ start: '24:00', end: '24:00' }],
      },
      holidays: ['2025-02-30'],
    });
    expect(fieldErrors(result.error!.issues)).toEqual({
      timeZone: 'Choose a valid time zone',
      'periods.1.0.start': 'Use a time like 09:00',
      'periods.2.0.end': 'Use a time like 17:00',
      'periods.3.0.end': 'End after the start time',
      'periods.4.1.start': 'Overlaps another period of the day',
      'periods.5.0.start': 'Use a time like 09:00',
      'holidays.0': 'Enter a valid date',
    });
  });

  it('finds an overlap with any earlier period, not only the one before', () => {
    const result = businessCalendarSchema.safeParse({
      timeZone: 'UTC',
      periods: {
        1: [
          { start: '08:00', end: '18:00' },
          { start: '09:00', end: '10:00' },
          { start: '12:00', end: '13:00' },
        ],
      },
    });
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toEqual([
      'periods.1.1.start',
      'periods.1.2.start',
    ]);
  });

  it('knows only the weekdays 0 (Sunday) to 6', () => {
    expect(businessCalendarSchema.safeParse({ timeZone: 'UTC', periods: { 7: [] } }).success).toBe(false);
  });

  it('checks every string it accepts (it may come in through the API)', () => {
    expect(uncheckedFields(businessCalendarSchema)).toEqual([]);
  });
});

describe('addBusinessTime', () => {
  it('carries a Friday 16:30 ticket with a 60-minute target over the weekend to Monday 09:30', () => {
    expect(addBusinessTime(berlin, at('2025-01-10 16:30'), 60)).toEqual(at('2025-01-13 09:30'));
  });

  it('is due at closing time when the target runs out exactly then, not at the next opening', () => {
    expect(addBusinessTime(berlin, at('2025-01-06 09:00'), hours(8))).toEqual(at('2025-01-06 17:00'));
    expect(addBusinessTime(berlin, at('2025-01-06 09:00'), hours(16))).toEqual(at('2025-01-07 17:00'));
    expect(addBusinessTime(berlin, at('2025-01-06 09:00'), hours(16) + 1)).toEqual(at('2025-01-08 09:01'));
  });

  it('starts counting at the next opening when the ticket comes in outside hours', () => {
    expect(addBusinessTime(berlin, at('2025-01-11 12:00'), 30)).toEqual(at('2025-01-13 09:30'));
    expect(addBusinessTime(berlin, at('2025-01-13 07:00'), 30)).toEqual(at('2025-01-13 09:30'));
    expect(addBusinessTime(berlin, at('2025-01-13 20:00'), 30)).toEqual(at('2025-01-14 09:30'));
    expect(addBusinessTime(berlin, at('2025-01-13 17:00'), 30)).toEqual(at('2025-01-14 09:30'));
  });

  it('skips holidays, whole days of the calendar’s zone', () => {
    const christmas = { ...berlin, holidays: ['2025-12-25', '2025-12-26'] };
    expect(addBusinessTime(christmas, at('2025-12-24 16:00'), 120)).toEqual(at('2025-12-29 10:00'));
    expect(addBusinessTime(christmas, at('2025-12-25 10:00'), 30)).toEqual(at('2025-12-29 09:30'));
  });

  it('skips the gap between two periods of a day', () => {
    expect(addBusinessTime(lunchBreak, at('2025-01-06 11:30'), 60)).toEqual(at('2025-01-06 13:30'));
    expect(addBusinessTime(lunchBreak, at('2025-01-06 11:00'), 60)).toEqual(at('2025-01-06 12:00'));
    expect(addBusinessTime(lunchBreak, at('2025-01-06 12:30'), 60)).toEqual(at('2025-01-06 14:00'));
    expect(addBusinessTime(lunchBreak, at('2025-01-06 09:00'), hours(7))).toEqual(at('2025-01-06 17:00'));
    const listedAfternoonFirst = withPeriods(berlin, [...lunchBreak.periods[1]].reverse());
    expect(addBusinessTime(listedAfternoonFirst, at('2025-01-06 11:30'), 60)).toEqual(at('2025-01-06 13:30'));
  });

  it('moves the due time on by the business time a pause covers', () => {
    const start = at('2025-01-06 09:00');
    const midday = { from: at('2025-01-06 10:00'), to: at('2025-01-06 11:30') };
    expect(addBusinessTime(berlin, start, hours(4), [midday])).toEqual(at('2025-01-06 14:30'));
    // Only the two business hours of an overnight pause count.
    const overnight = { from: at('2025-01-06 16:00'), to: at('2025-01-07 10:00') };
    expect(addBusinessTime(berlin, start, hours(10), [overnight])).toEqual(at('2025-01-07 13:00'));
    const overlapping = [midday, { from: at('2025-01-06 11:00'), to: at('2025-01-06 12:00') }];
    expect(addBusinessTime(berlin, start, hours(4), overlapping)).toEqual(at('2025-01-06 15:00'));
    const beforeStart = { from: at('2025-01-03 10:00'), to: at('2025-01-06 10:00') };
    expect(addBusinessTime(berlin, at('2025-01-06 11:00'), 60, [beforeStart])).toEqual(
      at('2025-01-06 12:00'),
    );
  });

  it('never comes due while a pause lasts that began before the target ran out', () => {
    const open = { from: at('2025-01-06 10:00'), to: null };
    expect(addBusinessTime(berlin, at('2025-01-06 09:00'), hours(4), [open])).toBeNull();
    expect(addBusinessTime(berlin, at('2025-01-06 09:00'), 30, [open])).toEqual(at('2025-01-06 09:30'));
  });

  it('keeps 09:00 local across daylight-saving changes, so the UTC instant moves by an hour', () => {
    const opening = (calendar: BusinessCalendar, start: string) =>
      addBusinessTime(calendar, new Date(start), 120)?.toISOString();
    // Europe/Berlin: Friday 16:00 is due Monday 10:00 local.
    expect(opening(berlin, '2025-03-28T15:00:00Z')).toBe('2025-03-31T08:00:00.000Z');
    expect(opening(berlin, '2025-10-24T14:00:00Z')).toBe('2025-10-27T09:00:00.000Z');
    const newYork = defaultBusinessCalendar('America/New_York');
    expect(opening(newYork, '2025-03-07T21:00:00Z')).toBe('2025-03-10T14:00:00.000Z');
    expect(opening(newYork, '2025-10-31T20:00:00Z')).toBe('2025-11-03T15:00:00.000Z');
  });

  it('counts the hours a 24/7 day really has on the night the clocks change', () => {
    const alwaysOpen = roundTheClock('Europe/Berlin');
    const start = at('2025-03-29 22:00');
    expect(addBusinessTime(alwaysOpen, start, hours(4))).toEqual(new Date(start.getTime() + 4 * 3_600_000));
    expect(addBusinessTime(alwaysOpen, start, hours(4))).toEqual(at('2025-03-30 03:00'));
    expect(addBusinessTime(alwaysOpen, at('2025-10-25 22:00'), hours(48))?.toISOString()).toBe(
      '2025-10-27T20:00:00.000Z',
    );
  });

  it('is due at once for no time, and never without opening hours', () => {
    const start = at('2025-01-11 12:00');
    expect(addBusinessTime(berlin, start, 0)).toEqual(start);
    expect(addBusinessTime(berlin, start, Infinity)).toBeNull();
    expect(addBusinessTime(closedWeek('Europe/Berlin'), start, 60)).toBeNull();
    const allHolidays = {
      ...berlin,
      holidays: Array.from({ length: 4 * 366 }, (_, i) => addCalendarDays('2025-01-01', i)),
    };
    expect(addBusinessTime(allHolidays, start, 60)).toBeNull();
  });

  it('computes a 168-hour target over a calendar with many holidays', () => {
    const holidays = Array.from({ length: 300 }, (_, i) => addCalendarDays('2025-01-01', i * 3));
    const calendar = { ...lunchBreak, holidays };
    const start = at('2025-03-10 10:17');
    const due = addBusinessTime(calendar, start, hours(168));
    expect(due).not.toBeNull();
    expect(businessMinutesBetween(calendar, start, due!)).toBe(hours(168));
  });
});

describe('businessMinutesBetween', () => {
  it('counts only business time', () => {
    expect(businessMinutesBetween(berlin, at('2025-01-10 16:30'), at('2025-01-13 09:30'))).toBe(60);
    expect(businessMinutesBetween(berlin, at('2025-01-06 09:00'), at('2025-01-13 09:00'))).toBe(hours(40));
    expect(businessMinutesBetween(lunchBreak, at('2025-01-06 08:00'), at('2025-01-06 20:00'))).toBe(hours(7));
    expect(businessMinutesBetween(berlin, at('2025-01-11 08:00'), at('2025-01-12 20:00'))).toBe(0);
  });

  it('is 0 when `to` is not after `from`', () => {
    expect(businessMinutesBetween(berlin, at('2025-01-06 12:00'), at('2025-01-06 10:00'))).toBe(0);
  });

  it('leaves out pauses and holidays, and counts seconds as fractions', () => {
    const pause = { from: at('2025-01-06 10:00'), to: at('2025-01-06 11:30') };
    expect(businessMinutesBetween(berlin, at('2025-01-06 09:00'), at('2025-01-06 12:00'), [pause])).toBe(90);
    const open = { from: at('2025-01-06 10:00'), to: null };
    expect(businessMinutesBetween(berlin, at('2025-01-06 09:00'), at('2025-01-08 12:00'), [open])).toBe(60);
    const holiday = { ...berlin, holidays: ['2025-01-07'] };
    expect(businessMinutesBetween(holiday, at('2025-01-06 09:00'), at('2025-01-08 10:00'))).toBe(hours(9));
    const halfMinuteLater = new Date(at('2025-01-06 10:00').getTime() + 30_000);
    expect(businessMinutesBetween(berlin, at('2025-01-06 09:00'), halfMinuteLater)).toBe(60.5);
  });

  it('is the inverse of addBusinessTime when the end lies inside opening hours', () => {
    const inNewYork = (local: string) =>
      zonedInstant(local.slice(0, 10), local.slice(11), 'America/New_York');
    const pauses = [{ from: at('2025-03-27 11:00'), to: at('2025-03-31 10:15') }];
    const starts = ['2025-03-27 08:00', '2025-03-27 11:45', '2025-03-28 16:59', '2025-03-29 12:00'].map(at);
    const ends = ['2025-03-31 11:30', '2025-04-01 09:01', '2025-04-01 16:59', '2025-04-08 13:20'];
    const cases = [
      { calendar: berlin, ends: ends.map(at) },
      { calendar: lunchBreak, ends: ends.map(at) },
      { calendar: defaultBusinessCalendar('America/New_York'), ends: ends.map(inNewYork) },
    ];
    for (const { calendar, ends } of cases) {
      for (const pause of [[], pauses]) {
        for (const start of starts) {
          for (const end of ends) {
            const minutes = businessMinutesBetween(calendar, start, end, pause);
            expect(addBusinessTime(calendar, start, minutes, pause)).toEqual(end);
          }
        }
      }
    }
  });
});

describe('SLA clock', () => {
  const created = at('2025-01-06 09:00');
  const fourHours = { createdAt: created, targetMinutes: hours(4) };

  it('runs while the target is open, with the business time left', () => {
    expect(slaClock(berlin, fourHours, at('2025-01-06 10:00'))).toEqual({
      dueAt: at('2025-01-06 13:00'),
      state: 'running',
      businessMinutesLeft: 180,
    });
    const friday = { createdAt: at('2025-01-10 16:00'), targetMinutes: hours(4) };
    expect(slaClock(berlin, friday, at('2025-01-11 12:00'))).toMatchObject({
      dueAt: at('2025-01-13 12:00'),
      state: 'running',
      businessMinutesLeft: 180,
    });
  });

  it('takes a due time already known instead of counting it again', () => {
    const stored = { ...fourHours, dueAt: at('2025-01-06 14:00') };
    expect(slaClock(berlin, stored, at('2025-01-06 13:30'))).toEqual({
      dueAt: at('2025-01-06 14:00'),
      state: 'running',
      businessMinutesLeft: 30,
    });
    expect(slaClock(berlin, { ...fourHours, dueAt: null }, at('2025-01-06 10:00')).dueAt).toEqual(
      at('2025-01-06 13:00'),
    );
  });

  it('is paused while a pause covers now, and has no due time while it lasts', () => {
    const waiting = { ...fourHours, pauses: [{ from: at('2025-01-06 10:00'), to: null }] };
    expect(slaClock(berlin, waiting, at('2025-01-06 15:00'))).toEqual({
      dueAt: null,
      state: 'paused',
      businessMinutesLeft: 180,
    });
    const answered = { ...fourHours, pauses: [{ from: at('2025-01-06 10:00'), to: at('2025-01-06 11:00') }] };
    expect(slaClock(berlin, answered, at('2025-01-06 10:30')).state).toBe('paused');
    expect(slaClock(berlin, answered, at('2025-01-06 11:00'))).toMatchObject({
      dueAt: at('2025-01-06 14:00'),
      state: 'running',
    });
  });

  it('is met when the target was met by the due time, the due time itself included', () => {
    expect(slaClock(berlin, fourHours, at('2025-01-07 10:00'), at('2025-01-06 12:00'))).toEqual({
      dueAt: at('2025-01-06 13:00'),
      state: 'met',
      businessMinutesLeft: null,
    });
    expect(slaClock(berlin, fourHours, at('2025-01-07 10:00'), at('2025-01-06 13:00')).state).toBe('met');
  });

  it('is breached when met late, or when the due time has passed without it', () => {
    expect(slaClock(berlin, fourHours, at('2025-01-07 10:00'), at('2025-01-06 14:00'))).toEqual({
      dueAt: at('2025-01-06 13:00'),
      state: 'breached',
      businessMinutesLeft: null,
    });
    expect(slaClock(berlin, fourHours, at('2025-01-06 15:00'))).toEqual({
      dueAt: at('2025-01-06 13:00'),
      state: 'breached',
      businessMinutesLeft: -120,
    });
    const pausedLate = { ...fourHours, pauses: [{ from: at('2025-01-06 14:00'), to: null }] };
    expect(slaClock(berlin, pausedLate, at('2025-01-06 15:00')).state).toBe('breached');
  });

  it('tells when a fraction of the target has elapsed (the warning before the breach)', () => {
    expect(slaFractionElapsedAt(berlin, fourHours, 0.8)).toEqual(at('2025-01-06 12:12'));
    const paused = { ...fourHours, pauses: [{ from: at('2025-01-06 10:00'), to: at('2025-01-06 11:00') }] };
    expect(slaFractionElapsedAt(berlin, paused, 0.8)).toEqual(at('2025-01-06 13:12'));
    expect(slaFractionElapsedAt(berlin, { ...fourHours, targetMinutes: hours(10) }, 0.8)).toEqual(
      at('2025-01-06 17:00'),
    );
  });
});
