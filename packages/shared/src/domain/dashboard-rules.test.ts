import { describe, expect, it } from 'vitest';
import {
  changeVersusLastMonth,
  clickThroughRate,
  dashboardKpiIds,
  dashboardKpiLabels,
  elapsedSchedulePercent,
  gettingStartedProgress,
  gettingStartedStepIds,
  lastMonthInstant,
  projectScheduleStatus,
  scheduleStatusLabels,
  showsGettingStarted,
} from './dashboard-rules';

describe('KPI cards (spec 2: change versus last month)', () => {
  it('has the four cards of the spec, titled verbatim', () => {
    expect(dashboardKpiIds.map((id) => dashboardKpiLabels[id])).toEqual([
      'Total Employees',
      'Active Projects',
      'Open Tickets',
      'Campaign CTR',
    ]);
  });

  it('measures last month as 30 days ago (spec 9: month = last 30 days)', () => {
    expect(lastMonthInstant(new Date('2025-03-31T12:00:00Z')).toISOString()).toBe('2025-03-01T12:00:00.000Z');
  });

  it('gives the change in whole percent of last month (spec 9: percentages to integers)', () => {
    expect(changeVersusLastMonth(55, 50)).toBe(10);
    expect(changeVersusLastMonth(45, 50)).toBe(-10);
    expect(changeVersusLastMonth(2, 3)).toBe(-33);
    expect(changeVersusLastMonth(50, 50)).toBe(0);
  });

  it('has no change without a last-month figure, or from 0 to something', () => {
    expect(changeVersusLastMonth(5, null)).toBeNull();
    expect(changeVersusLastMonth(null, 5)).toBeNull();
    expect(changeVersusLastMonth(5, 0)).toBeNull();
    expect(changeVersusLastMonth(0, 0)).toBe(0);
  });

  it('computes the click-through rate as clicks per delivered message, to 1 decimal', () => {
    expect(clickThroughRate(25, 1000)).toBe(2.5);
    expect(clickThroughRate(1, 3)).toBe(33.3);
    expect(clickThroughRate(0, 0)).toBeNull();
  });
});

describe('Project Progress status (spec 2: On Track / Behind / Ahead)', () => {
  // A 100-day project: 2025-01-01 -> 2025-04-11; 2025-02-20 is day 50 (50% elapsed).
  const plan = { startDate: '2025-01-01', endDate: '2025-04-11' };
  const midway = '2025-02-20';

  it('measures the elapsed share of the start -> end dates', () => {
    expect(elapsedSchedulePercent(plan, midway)).toBe(50);
    expect(elapsedSchedulePercent(plan, '2024-12-01')).toBe(0);
    expect(elapsedSchedulePercent(plan, '2025-05-01')).toBe(100);
    expect(elapsedSchedulePercent({ ...plan, endDate: null }, midway)).toBeNull();
    expect(elapsedSchedulePercent({ startDate: midway, endDate: midway }, midway)).toBe(100);
  });

  it('is Ahead when progress leads the elapsed share by 10 points or more', () => {
    expect(projectScheduleStatus({ ...plan, progress: 60 }, midway)).toBe('ahead');
    expect(projectScheduleStatus({ ...plan, progress: 59 }, midway)).toBe('on-track');
  });

  it('is Behind when progress trails by 10 points or more', () => {
    expect(projectScheduleStatus({ ...plan, progress: 40 }, midway)).toBe('behind');
    expect(projectScheduleStatus({ ...plan, progress: 41 }, midway)).toBe('on-track');
  });

  it('is Behind once the end date has passed with work left, however close', () => {
    expect(projectScheduleStatus({ ...plan, progress: 95 }, '2025-04-12')).toBe('behind');
    expect(projectScheduleStatus({ ...plan, progress: 100 }, '2025-04-12')).toBe('on-track');
    // On the end date itself there is still the day to finish.
    expect(projectScheduleStatus({ ...plan, progress: 95 }, '2025-04-11')).toBe('on-track');
  });

  it('is On Track without an end date to measure against', () => {
    expect(projectScheduleStatus({ ...plan, endDate: null, progress: 0 }, midway)).toBe('on-track');
  });

  it('labels the statuses as the spec does', () => {
    expect(scheduleStatusLabels).toEqual({ 'on-track': 'On Track', behind: 'Behind', ahead: 'Ahead' });
  });
});

describe('getting started (issue 20: each step ticked from real data)', () => {
  const fresh = { invitations: 0, members: 1, employees: 1, projects: 0, settingsSaved: false };

  it('has nothing done in a workspace that only has its creator', () => {
    expect(gettingStartedProgress(fresh)).toEqual({
      'invite-team': false,
      'add-employees': false,
      'create-project': false,
      'set-working-hours': false,
    });
  });

  it('ticks the team once someone is invited or has joined, not for the creator alone', () => {
    expect(gettingStartedProgress({ ...fresh, invitations: 1 })['invite-team']).toBe(true);
    expect(gettingStartedProgress({ ...fresh, members: 2 })['invite-team']).toBe(true);
  });

  it('ticks employees from the second one, projects from the first, hours once saved', () => {
    const progress = gettingStartedProgress({ ...fresh, employees: 2, projects: 1, settingsSaved: true });
    expect(progress['add-employees']).toBe(true);
    expect(progress['create-project']).toBe(true);
    expect(progress['set-working-hours']).toBe(true);
  });

  it('shows the checklist until it is dismissed or every step is done', () => {
    const steps = gettingStartedStepIds.map((id) => ({ id, done: id === 'create-project' }));
    expect(showsGettingStarted({ dismissed: false, steps })).toBe(true);
    expect(showsGettingStarted({ dismissed: true, steps })).toBe(false);
    expect(showsGettingStarted({ dismissed: false, steps: steps.map((s) => ({ ...s, done: true })) })).toBe(
      false,
    );
  });
});
