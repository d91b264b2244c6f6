import { describe, expect, it } from 'vitest';
import {
  readPastTime,
  readScheduleTime,
  scheduleWallTimeAt,
  suggestedScheduleTime,
  timeZoneLabel,
} from './campaign-schedule';

const now = new Date('2026-03-01T12:00:00Z');

describe('readPastTime (issue 23: when a lead became a customer, in the workspace time zone)', () => {
  it('reads the wall time in the workspace zone and takes now or earlier', () => {
    expect(readPastTime({ date: '2026-02-20', time: '09:30' }, 'Europe/Berlin', now)).toEqual({
      ok: true,
      instant: new Date('2026-02-20T08:30:00Z'),
    });
    expect(readPastTime({ date: '2026-03-01', time: '12:00' }, 'UTC', now).ok).toBe(true);
  });

  it('refuses a time still to come, and one that does not exist', () => {
    expect(readPastTime({ date: '2026-03-01', time: '12:01' }, 'UTC', now)).toEqual({
      ok: false,
      field: 'time',
      message: 'Enter a time that has passed',
    });
    expect(readPastTime({ date: '2026-02-30', time: '10:00' }, 'UTC', now)).toMatchObject({ field: 'date' });
  });
});

describe('readScheduleTime (issue 23: scheduled in the workspace time zone)', () => {
  it('reads the wall time in the workspace zone, not the browser’s', () => {
    const berlin = readScheduleTime({ date: '2026-06-15', time: '09:30' }, 'Europe/Berlin', now);
    expect(berlin).toEqual({ ok: true, instant: new Date('2026-06-15T07:30:00Z') });
    const newYork = readScheduleTime({ date: '2026-12-15', time: '09:30' }, 'America/New_York', now);
    expect(newYork).toEqual({ ok: true, instant: new Date('2026-12-15T14:30:00Z') });
  });

  it('refuses a time that is not still to come', () => {
    expect(readScheduleTime({ date: '2026-03-01', time: '12:00' }, 'UTC', now)).toEqual({
      ok: false,
      field: 'time',
      message: 'Choose a time still to come',
    });
    expect(readScheduleTime({ date: '2026-03-01', time: '12:01' }, 'UTC', now).ok).toBe(true);
  });

  it('refuses a time the spring daylight-saving change skips', () => {
    const skipped = readScheduleTime({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin', now);
    expect(skipped).toMatchObject({ ok: false, field: 'time' });
  });

  it('takes the first of the two times the autumn change repeats', () => {
    const repeated = readScheduleTime({ date: '2026-10-25', time: '02:30' }, 'Europe/Berlin', now);
    expect(repeated).toEqual({ ok: true, instant: new Date('2026-10-25T00:30:00Z') });
  });

  it('asks for a date and a time that exist', () => {
    expect(readScheduleTime({ date: '', time: '10:00' }, 'UTC', now)).toMatchObject({ field: 'date' });
    expect(readScheduleTime({ date: '2026-02-30', time: '10:00' }, 'UTC', now)).toMatchObject({
      field: 'date',
      message: 'Enter a real date',
    });
    expect(readScheduleTime({ date: '2026-04-01', time: '' }, 'UTC', now)).toMatchObject({ field: 'time' });
  });
});

describe('the schedule boxes', () => {
  it('show an instant as the workspace’s wall clock reads it', () => {
    expect(scheduleWallTimeAt(new Date('2026-06-15T22:30:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2026-06-16',
      time: '07:30',
    });
  });

  it('suggest the start of the hour after next', () => {
    expect(suggestedScheduleTime('UTC', new Date('2026-03-01T12:40:00Z'))).toEqual({
      date: '2026-03-01',
      time: '14:00',
    });
  });

  it('name the zone with its offset at that time of year', () => {
    expect(timeZoneLabel('Europe/Berlin', new Date('2026-01-10T00:00:00Z'))).toBe('Europe/Berlin (GMT+1)');
    expect(timeZoneLabel('Europe/Berlin', new Date('2026-07-10T00:00:00Z'))).toBe('Europe/Berlin (GMT+2)');
    expect(timeZoneLabel('America/New_York', new Date('2026-01-10T00:00:00Z'))).toBe(
      'America/New York (GMT-5)',
    );
    expect(timeZoneLabel('UTC')).toBe('UTC');
  });
});
