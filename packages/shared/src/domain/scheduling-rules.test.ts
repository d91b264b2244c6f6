import { describe, expect, it } from 'vitest';
import { applyTemplateSchema, createShiftSchema, updateShiftSchema } from '../api/scheduling';
import { fieldErrors } from '../api/error';
import {
  conflictDates,
  dayOfWeek,
  defaultBreakMinutes,
  describeDays,
  expandTemplate,
  isOverScheduled,
  isOvernightShift,
  isUnassigned,
  scheduleTemplate,
  scheduleTemplatesFor,
  shiftHours,
  shiftTimeOptions,
  shiftTimesProblems,
  todayIn,
  weekDates,
  weekStartOf,
  weeklyHours,
} from './scheduling-rules';

describe('shift length (spec 5: end - start - break, in hours, never below 0)', () => {
  it('subtracts the break from the span', () => {
    expect(shiftHours({ startTime: '09:00', endTime: '17:00', breakMinutes: 60 })).toBe(7);
    expect(shiftHours({ startTime: '09:00', endTime: '17:00', breakMinutes: 0 })).toBe(8);
    expect(shiftHours({ startTime: '06:00', endTime: '10:00', breakMinutes: 45 })).toBe(3.25);
  });

  it('never goes below 0 when the break is longer than the shift', () => {
    expect(shiftHours({ startTime: '09:00', endTime: '10:00', breakMinutes: 90 })).toBe(0);
  });

  it('counts an end before the start as the next day (Night Shift 22:00-06:00, spec 2)', () => {
    expect(isOvernightShift({ startTime: '22:00', endTime: '06:00' })).toBe(true);
    expect(isOvernightShift({ startTime: '09:00', endTime: '17:00' })).toBe(false);
    expect(shiftHours({ startTime: '22:00', endTime: '06:00', breakMinutes: 0 })).toBe(8);
    expect(shiftHours({ startTime: '22:00', endTime: '06:00', breakMinutes: 60 })).toBe(7);
  });

  it('rounds to 2 decimals (spec 9: hours to 2 decimals)', () => {
    expect(shiftHours({ startTime: '09:00', endTime: '10:00', breakMinutes: 20 })).toBe(0.67);
  });
});

describe('shift time options (spec 5: hourly from 06:00 to 22:00; break defaults to 60)', () => {
  it('lists the 17 hourly options', () => {
    expect(shiftTimeOptions).toHaveLength(17);
    expect(shiftTimeOptions[0]).toBe('06:00');
    expect(shiftTimeOptions.at(-1)).toBe('22:00');
    expect(shiftTimeOptions).toContain('13:00');
    expect(defaultBreakMinutes).toBe(60);
  });

  it('validates a new shift with field errors', () => {
    const employeeId = '3f1c7a52-9a4c-4d5e-8f61-2b7f3c1d9e10';
    const ok = createShiftSchema.parse({
      employeeId,
      date: '2025-03-03',
      startTime: '09:00',
      endTime: '17:00',
    });
    expect(ok).toMatchObject({ breakMinutes: 60, isActive: true });

    const offHour = createShiftSchema.safeParse({
      employeeId,
      date: '2025-03-03',
      startTime: '05:00',
      endTime: '17:30',
    });
    expect(Object.keys(fieldErrors(offHour.error!.issues)).sort()).toEqual(['endTime', 'startTime']);

    const same = createShiftSchema.safeParse({
      employeeId,
      date: '2025-03-03',
      startTime: '09:00',
      endTime: '09:00',
    });
    expect(fieldErrors(same.error!.issues)).toHaveProperty('endTime');

    const longBreak = createShiftSchema.safeParse({
      employeeId,
      date: '2025-03-03',
      startTime: '09:00',
      endTime: '10:00',
      breakMinutes: 60,
    });
    expect(fieldErrors(longBreak.error!.issues)).toHaveProperty('breakMinutes');

    const badDate = createShiftSchema.safeParse({
      employeeId,
      date: '2025-02-30',
      startTime: '09:00',
      endTime: '17:00',
    });
    expect(fieldErrors(badDate.error!.issues)).toHaveProperty('date');
  });

  it('accepts overnight shifts up to 16 hours and refuses longer spans', () => {
    expect(shiftTimesProblems({ startTime: '22:00', endTime: '06:00', breakMinutes: 60 })).toEqual({});
    expect(shiftTimesProblems({ startTime: '06:00', endTime: '22:00', breakMinutes: 60 })).toEqual({});
    expect(shiftTimesProblems({ startTime: '22:00', endTime: '21:00', breakMinutes: 0 })).toHaveProperty(
      'endTime',
    );
  });

  it('keeps the update schema free of defaults (a PATCH never resets the break)', () => {
    expect(updateShiftSchema.parse({ version: 1, startTime: '10:00' })).toEqual({
      version: 1,
      startTime: '10:00',
    });
  });
});

describe('weekly hours, over-scheduled, unassigned and conflicts (spec 9)', () => {
  const day = (date: string, startTime: string, endTime: string, isActive = true) => ({
    date,
    startTime,
    endTime,
    breakMinutes: 60,
    isActive,
  });

  it('adds up the active shifts only', () => {
    const shifts = [
      day('2025-03-03', '09:00', '17:00'),
      day('2025-03-04', '09:00', '17:00'),
      day('2025-03-05', '09:00', '17:00', false),
    ];
    expect(weeklyHours(shifts)).toBe(14);
  });

  it('is over-scheduled above 40 weekly hours, not at 40', () => {
    expect(isOverScheduled(40)).toBe(false);
    expect(isOverScheduled(40.01)).toBe(true);
    expect(isOverScheduled(42)).toBe(true);
    // Six 09:00-17:00 days with the default break: 42 hours.
    const six = ['03', '04', '05', '06', '07', '08'].map((d) => day(`2025-03-${d}`, '09:00', '17:00'));
    expect(isOverScheduled(weeklyHours(six))).toBe(true);
  });

  it('is unassigned without an active shift', () => {
    expect(isUnassigned([])).toBe(true);
    expect(isUnassigned([{ isActive: false }])).toBe(true);
    expect(isUnassigned([{ isActive: false }, { isActive: true }])).toBe(false);
  });

  it('flags a day with more than one active shift as a conflict', () => {
    expect(
      conflictDates([
        day('2025-03-04', '06:00', '10:00'),
        day('2025-03-04', '14:00', '18:00'),
        day('2025-03-03', '09:00', '17:00'),
        // An inactive second shift is no conflict.
        day('2025-03-05', '09:00', '12:00'),
        day('2025-03-05', '13:00', '17:00', false),
      ]),
    ).toEqual(['2025-03-04']);
  });
});

describe('week dates (spec 9: the calendar week starts Sunday)', () => {
  it('finds the Sunday week of any date by default', () => {
    // 2025-03-05 is a Wednesday.
    expect(dayOfWeek('2025-03-05')).toBe(3);
    expect(weekStartOf('2025-03-05')).toBe('2025-03-02');
    expect(weekStartOf('2025-03-02')).toBe('2025-03-02');
    expect(weekStartOf('2025-03-08')).toBe('2025-03-02');
    expect(weekDates('2025-03-02')).toEqual([
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
    ]);
  });

  it('follows the workspace week start (Monday) across month and year ends', () => {
    expect(weekStartOf('2025-03-02', 1)).toBe('2025-02-24');
    expect(weekStartOf('2025-01-01', 1)).toBe('2024-12-30');
    expect(weekDates('2024-12-30').at(-1)).toBe('2025-01-05');
  });

  it('takes today in the workspace time zone', () => {
    const instant = new Date('2025-03-02T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2025-03-02');
    expect(todayIn('Europe/Berlin', instant)).toBe('2025-03-03');
    expect(todayIn('America/New_York', instant)).toBe('2025-03-02');
  });
});

describe('templates (spec 2: the six schedule templates)', () => {
  const scheduleTemplates = scheduleTemplatesFor();

  it('has the six templates of the spec', () => {
    expect(scheduleTemplates.map((t) => t.name)).toEqual([
      'Full-Time',
      'Part-Time',
      'Shift Work',
      'Flexible Hours',
      'Weekend Only',
      'Night Shift',
    ]);
  });

  it('gives every template shift the standard 60-minute break, counted by the one shift-length rule (spec 5, issue 20)', () => {
    for (const template of scheduleTemplates) {
      expect(template.shifts.every((s) => s.breakMinutes === 60)).toBe(true);
      const shifts = template.shifts.map((s) => ({ ...s, isActive: true }));
      expect(weeklyHours(shifts), template.name).toBe(template.weeklyHours);
    }
    // A template's 09:00-17:00 counts what Add Shift's 09:00-17:00 with its default break counts.
    const fullTime = scheduleTemplate('full-time').shifts[0]!;
    expect(shiftHours(fullTime)).toBe(
      shiftHours({ startTime: '09:00', endTime: '17:00', breakMinutes: defaultBreakMinutes }),
    );
    expect(scheduleTemplates.map((t) => t.weeklyHours)).toEqual([35, 21, 35, 35, 14, 35]);
  });

  it('says on the card what it creates', () => {
    expect(scheduleTemplates.map((t) => t.summary)).toEqual([
      'Mon-Fri 09:00-17:00, 60 min break: 35 h a week',
      'Mon, Wed, Fri 09:00-17:00, 60 min break: 21 h a week',
      'Mon-Tue 06:00-14:00, Wed-Thu 14:00-22:00, Fri 22:00-06:00, 60 min break: 35 h a week',
      'Mon-Fri 10:00-18:00, 60 min break: 35 h a week',
      'Sat-Sun 09:00-17:00, 60 min break: 14 h a week',
      'Mon-Fri 22:00-06:00, 60 min break: 35 h a week',
    ]);
  });

  it('takes the workspace’s working day and break', () => {
    const early = scheduleTemplatesFor({ start: '08:00', end: '16:00', breakMinutes: 30 });
    expect(early.find((t) => t.id === 'full-time')).toMatchObject({
      summary: 'Mon-Fri 08:00-16:00, 30 min break: 37.5 h a week',
      weeklyHours: 37.5,
    });
    // Fixed patterns keep their times and take the break.
    expect(early.find((t) => t.id === 'night-shift')!.shifts[0]).toEqual({
      dayOfWeek: 1,
      startTime: '22:00',
      endTime: '06:00',
      breakMinutes: 30,
    });
    expect(scheduleTemplatesFor({ start: '09:00', end: '17:00', breakMinutes: 0 })[0]!.summary).toBe(
      'Mon-Fri 09:00-17:00, no break: 40 h a week',
    );
  });

  it('names days as runs', () => {
    expect(describeDays([1, 2, 3, 4, 5])).toBe('Mon-Fri');
    expect(describeDays([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(describeDays([6, 0])).toBe('Sat-Sun');
    expect(describeDays([5])).toBe('Fri');
  });

  it('uses only the spec 5 time options and valid shifts', () => {
    for (const template of scheduleTemplates) {
      for (const shift of template.shifts) {
        expect(shiftTimeOptions).toContain(shift.startTime);
        expect(shiftTimeOptions).toContain(shift.endTime);
        expect(shiftTimesProblems(shift)).toEqual({});
      }
    }
  });

  it('expands Full-Time into Mon-Fri 9:00-17:00 of a Sunday week', () => {
    const shifts = expandTemplate(scheduleTemplate('full-time'), '2025-03-02');
    expect(shifts.map((s) => s.date)).toEqual([
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
    ]);
    expect(shifts.every((s) => s.startTime === '09:00' && s.endTime === '17:00')).toBe(true);
  });

  it('expands Part-Time into Mon, Wed, Fri', () => {
    const dates = expandTemplate(scheduleTemplate('part-time'), '2025-03-02').map((s) => s.date);
    expect(dates.map(dayOfWeek)).toEqual([1, 3, 5]);
  });

  it('expands Weekend Only into the Sunday and Saturday of the week, whatever day it starts', () => {
    expect(expandTemplate(scheduleTemplate('weekend-only'), '2025-03-02').map((s) => s.date)).toEqual([
      '2025-03-02',
      '2025-03-08',
    ]);
    // A Monday week: Saturday then Sunday at its end.
    expect(expandTemplate(scheduleTemplate('weekend-only'), '2025-03-03').map((s) => s.date)).toEqual([
      '2025-03-08',
      '2025-03-09',
    ]);
  });

  it('expands Night Shift into Mon-Fri shifts starting 22:00 and ending 06:00 the next day', () => {
    const shifts = expandTemplate(scheduleTemplate('night-shift'), '2025-03-02');
    expect(shifts).toHaveLength(5);
    expect(shifts.every((s) => isOvernightShift(s) && shiftHours(s) === 7)).toBe(true);
  });

  it('defines Shift Work as a forward rotation: early, late, night', () => {
    const shifts = expandTemplate(scheduleTemplate('shift-work'), '2025-03-02');
    expect(shifts.map((s) => `${dayOfWeek(s.date)} ${s.startTime}-${s.endTime}`)).toEqual([
      '1 06:00-14:00',
      '2 06:00-14:00',
      '3 14:00-22:00',
      '4 14:00-22:00',
      '5 22:00-06:00',
    ]);
  });

  it('defines Flexible Hours as Mon-Fri 10:00-18:00, covering the 10:00-15:00 core', () => {
    const shifts = expandTemplate(scheduleTemplate('flexible-hours'), '2025-03-02');
    expect(shifts).toHaveLength(5);
    expect(shifts.every((s) => s.startTime <= '10:00' && s.endTime >= '15:00')).toBe(true);
  });

  it('validates the apply request', () => {
    const result = applyTemplateSchema.safeParse({
      template: 'four-day-week',
      employeeIds: [],
      weekStart: 'soon',
    });
    expect(Object.keys(fieldErrors(result.error!.issues)).sort()).toEqual([
      'employeeIds',
      'template',
      'weekStart',
    ]);
  });
});
