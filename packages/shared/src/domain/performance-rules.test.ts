import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../api/error';
import { createGoalSchema, createReviewSchema, updateGoalSchema } from '../api/performance';
import {
  averageRating,
  goalCompletionPercent,
  goalStatus,
  isGoalOverdue,
  isHighPerformer,
  needsReview,
  needsReviewCutoff,
  percentage,
  ratingBand,
  ratingLabel,
  ratingOptions,
  reviewPeriodRange,
  roundRating,
  roundedAverage,
} from './performance-rules';

const employeeId = '3f1c7a52-9a4c-4d5e-8f61-2b7f3c1d9e10';

describe('rating bands (spec 4)', () => {
  it('maps averages to 4.5+ Exceptional, 4.0-4.4 Exceeds, 3.5-3.9 Meets, 3.0-3.4 Below, under 3.0 Needs Improvement', () => {
    const label = (value: number) => ratingBand(value).label;
    expect(label(5)).toBe('Exceptional');
    expect(label(4.5)).toBe('Exceptional');
    expect(label(4.4)).toBe('Exceeds');
    expect(label(4.0)).toBe('Exceeds');
    expect(label(3.9)).toBe('Meets');
    expect(label(3.5)).toBe('Meets');
    expect(label(3.4)).toBe('Below');
    expect(label(3.0)).toBe('Below');
    expect(label(2.9)).toBe('Needs Improvement');
    expect(label(1)).toBe('Needs Improvement');
  });

  it('applies bands to the rounded average that is shown (3.96 shows 4.0: Exceeds)', () => {
    expect(ratingBand(3.96).id).toBe('exceeds');
    expect(ratingBand(4.44).id).toBe('exceeds');
    expect(ratingBand(4.45).id).toBe('exceptional');
  });
});

describe('rating labels (spec 2, Add Review dialog)', () => {
  it('offers 5 Exceptional ... 1 Needs Improvement', () => {
    expect(ratingOptions).toEqual([
      { value: 5, label: 'Exceptional' },
      { value: 4, label: 'Exceeds Expectations' },
      { value: 3, label: 'Meets Expectations' },
      { value: 2, label: 'Below Expectations' },
      { value: 1, label: 'Needs Improvement' },
    ]);
    expect(ratingLabel(3)).toBe('Meets Expectations');
  });
});

describe('average rating (spec 9: rounded to 1 decimal)', () => {
  it('rounds to 1 decimal; null without reviews', () => {
    expect(averageRating([4, 5, 4])).toBe(4.3);
    expect(averageRating([3, 4])).toBe(3.5);
    expect(averageRating([])).toBeNull();
    expect(roundRating(4.25)).toBe(4.3);
  });

  it('rounds exact halves up, as the database does', () => {
    // 79 / 20 = 3.95 exactly.
    const ratings = [...Array<number>(15).fill(4), ...Array<number>(4).fill(4), 3];
    expect(ratings.reduce((a, b) => a + b, 0)).toBe(79);
    expect(averageRating(ratings)).toBe(4);
    expect(roundedAverage(79, 20)).toBe(4);
    expect(roundedAverage(77, 20)).toBe(3.9);
  });
});

describe('high performer (spec 9: average rating 4 or more)', () => {
  it('counts 4.0 and above', () => {
    expect(isHighPerformer(4)).toBe(true);
    expect(isHighPerformer(4.7)).toBe(true);
    expect(isHighPerformer(3.9)).toBe(false);
    expect(isHighPerformer(3.95)).toBe(true);
    expect(isHighPerformer(null)).toBe(false);
  });
});

describe('Needs Review (spec 9: latest review older than 6 months)', () => {
  const now = new Date('2025-08-31T12:00:00Z');

  it('goes back 6 calendar months, clamping the day', () => {
    expect(needsReviewCutoff(now).toISOString()).toBe('2025-02-28T12:00:00.000Z');
    expect(needsReviewCutoff(new Date('2025-03-15T00:00:00Z')).toISOString()).toBe(
      '2024-09-15T00:00:00.000Z',
    );
  });

  it('needs a review when the latest is older, or when there is none', () => {
    expect(needsReview(null, now)).toBe(true);
    expect(needsReview(new Date('2025-02-27T00:00:00Z'), now)).toBe(true);
    expect(needsReview(new Date('2025-02-28T12:00:00Z'), now)).toBe(false);
    expect(needsReview(new Date('2025-07-01T00:00:00Z'), now)).toBe(false);
  });
});

describe('goal status (spec 4: active, completed, overdue)', () => {
  const today = '2025-03-10';

  it('is overdue past the target date when not completed', () => {
    expect(isGoalOverdue({ status: 'active', targetDate: '2025-03-09' }, today)).toBe(true);
    expect(isGoalOverdue({ status: 'active', targetDate: '2025-03-10' }, today)).toBe(false);
    expect(isGoalOverdue({ status: 'completed', targetDate: '2025-01-01' }, today)).toBe(false);
  });

  it('derives overdue from the date, so a stored status never goes stale', () => {
    expect(goalStatus({ status: 'active', targetDate: '2025-03-01' }, today)).toBe('overdue');
    expect(goalStatus({ status: 'overdue', targetDate: '2025-04-01' }, today)).toBe('active');
    expect(goalStatus({ status: 'completed', targetDate: '2025-03-01' }, today)).toBe('completed');
  });
});

describe('percentages (spec 9: whole numbers)', () => {
  it('rounds to integers and is 0 without a whole', () => {
    expect(percentage(1, 3)).toBe(33);
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(0, 0)).toBe(0);
    expect(goalCompletionPercent(3, 8)).toBe(38);
  });
});

describe('review period filter (spec 2: Current Year, Last Year, All Time)', () => {
  const now = new Date('2025-06-15T10:00:00Z');

  it('covers the calendar year in the workspace time zone', () => {
    expect(reviewPeriodRange('all', 'UTC', now)).toBeNull();
    const current = reviewPeriodRange('current-year', 'UTC', now)!;
    expect(current.from.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(current.to.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const last = reviewPeriodRange('last-year', 'Europe/Berlin', now)!;
    expect(last.from.toISOString()).toBe('2023-12-31T23:00:00.000Z');
    expect(last.to.toISOString()).toBe('2024-12-31T23:00:00.000Z');
  });
});

describe('review and goal inputs (spec 2 dialogs; spec 3 rating 1-5, progress 0-100)', () => {
  it('refuses a rating outside 1-5 and an empty period', () => {
    const result = createReviewSchema.safeParse({ employeeId, period: ' ', overallRating: 6 });
    expect(Object.keys(fieldErrors(result.error!.issues)).sort()).toEqual(['overallRating', 'period']);
    expect(createReviewSchema.safeParse({ employeeId, period: 'Q4 2024', overallRating: 0 }).success).toBe(
      false,
    );
    expect(createReviewSchema.safeParse({ employeeId, period: 'Q4 2024', overallRating: 4.5 }).success).toBe(
      false,
    );
    expect(createReviewSchema.parse({ employeeId, period: 'Q4 2024', overallRating: 5 })).toMatchObject({
      feedback: '',
      nextPeriodGoals: '',
      categories: [],
    });
  });

  it('refuses progress outside 0-100', () => {
    const base = { employeeId, title: 'Ship it', targetDate: '2025-12-31' };
    expect(createGoalSchema.parse(base).progress).toBe(0);
    expect(fieldErrors(createGoalSchema.safeParse({ ...base, progress: 101 }).error!.issues)).toHaveProperty(
      'progress',
    );
    expect(createGoalSchema.safeParse({ ...base, progress: -1 }).success).toBe(false);
    expect(updateGoalSchema.safeParse({ progress: 100, version: 1 }).success).toBe(true);
    expect(updateGoalSchema.safeParse({ version: 1 }).success).toBe(false);
  });
});
