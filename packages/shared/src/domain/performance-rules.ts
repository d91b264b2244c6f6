// Performance rules from spec sections 2 (Performance), 3 (Review, Goal), 4 (goal status, rating
// bands) and 9 (high performer, Needs Review, rounding). The server's stats and the UI's badges
// both come from here.
import type { GoalStatus } from './enums';
import { todayIn, type IsoDate } from './scheduling-rules';
import { startOfLocalDay } from './time-rules';

// ---------------------------------------------------------------------------------------------
// Ratings
// ---------------------------------------------------------------------------------------------

export const minRating = 1;
export const maxRating = 5;

/** Spec 2, Add Review dialog: the Overall Rating select, best first. */
export const ratingLabels = {
  5: 'Exceptional',
  4: 'Exceeds Expectations',
  3: 'Meets Expectations',
  2: 'Below Expectations',
  1: 'Needs Improvement',
} as const satisfies Record<number, string>;

export const ratingOptions = ([5, 4, 3, 2, 1] as const).map((value) => ({
  value,
  label: ratingLabels[value],
}));

export function ratingLabel(rating: number): string {
  return ratingLabels[rating as keyof typeof ratingLabels] ?? '';
}

export const ratingBandIds = ['exceptional', 'exceeds', 'meets', 'below', 'needs-improvement'] as const;
export type RatingBandId = (typeof ratingBandIds)[number];

/**
 * Spec 4: 4.5+ Exceptional; 4.0-4.4 Exceeds; 3.5-3.9 Meets; 3.0-3.4 Below; under 3.0 Needs
 * Improvement. Best first; a band holds averages from `min` (inclusive) up to the next band.
 */
export const ratingBands: readonly { id: RatingBandId; label: string; min: number }[] = [
  { id: 'exceptional', label: 'Exceptional', min: 4.5 },
  { id: 'exceeds', label: 'Exceeds', min: 4.0 },
  { id: 'meets', label: 'Meets', min: 3.5 },
  { id: 'below', label: 'Below', min: 3.0 },
  { id: 'needs-improvement', label: 'Needs Improvement', min: -Infinity },
];

/** Spec 9: an average rating is rounded to 1 decimal. */
export function roundRating(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * The average of integer ratings, rounded to 1 decimal (spec 9); null without ratings. Computed
 * as round(sum x 10 / count) so an exact half such as 79/20 = 3.95 rounds up to 4.0 instead of
 * drifting below it in floating point (the database rounds the same way).
 */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return roundedAverage(sum, ratings.length);
}

/** round(sum / count, 1 decimal) from the sum and count of ratings (what SQL aggregates return). */
export function roundedAverage(sum: number, count: number): number {
  return Math.round((sum * 10) / count) / 10;
}

/** Spec 4's band of an average rating; bands apply to the rounded value shown (3.95 shows 4.0: Exceeds). */
export function ratingBand(average: number) {
  const rounded = roundRating(average);
  return ratingBands.find((band) => rounded >= band.min)!;
}

/** Spec 9: a high performer has an average rating of 4 or more (the rounded average shown). */
export const highPerformerMinRating = 4;

export function isHighPerformer(average: number | null): boolean {
  return average !== null && roundRating(average) >= highPerformerMinRating;
}

// ---------------------------------------------------------------------------------------------
// Needs Review (spec 9: the latest review is older than 6 months)
// ---------------------------------------------------------------------------------------------

export const needsReviewAfterMonths = 6;

/**
 * The instant 6 calendar months before `now`; a latest review before it is "older than 6 months".
 * The day is clamped to the target month (31 August -> 28/29 February).
 */
export function needsReviewCutoff(now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - needsReviewAfterMonths;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

/** Spec 9: Needs Review when the latest review is older than 6 months — or there is none yet. */
export function needsReview(latestReviewAt: Date | null, now: Date): boolean {
  return latestReviewAt === null || latestReviewAt.getTime() < needsReviewCutoff(now).getTime();
}

// ---------------------------------------------------------------------------------------------
// Goals (spec 4: goal status active, completed, overdue)
// ---------------------------------------------------------------------------------------------

export const minGoalProgress = 0;
export const maxGoalProgress = 100;

/** Spec 9 ("goal overdue"): the target date has passed (before today) and the goal is not completed. */
export function isGoalOverdue(goal: { status: GoalStatus; targetDate: IsoDate }, today: IsoDate): boolean {
  return goal.status !== 'completed' && goal.targetDate < today;
}

/**
 * The status a goal has today. Only `completed` is stored as a decision; `overdue` is derived from
 * the date on every read, so it never goes stale (a stored 'overdue' is read like 'active').
 */
export function goalStatus(goal: { status: GoalStatus; targetDate: IsoDate }, today: IsoDate): GoalStatus {
  if (goal.status === 'completed') return 'completed';
  return isGoalOverdue(goal, today) ? 'overdue' : 'active';
}

/** Spec 9: percentages are whole numbers; 0 when there is nothing to divide. */
export function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

/** The Goal Completion % card: completed goals out of all goals, as a whole percentage. */
export function goalCompletionPercent(completed: number, total: number): number {
  return percentage(completed, total);
}

// ---------------------------------------------------------------------------------------------
// Review period filter (spec 2: Current Year, Last Year, All Time)
// ---------------------------------------------------------------------------------------------

export const reviewPeriodFilters = ['current-year', 'last-year', 'all'] as const;
export type ReviewPeriodFilter = (typeof reviewPeriodFilters)[number];

export const reviewPeriodFilterLabels: Record<ReviewPeriodFilter, string> = {
  'current-year': 'Current Year',
  'last-year': 'Last Year',
  all: 'All Time',
};

/**
 * The instants [from, to) a review-period filter covers, by the calendar year in the workspace's
 * time zone; null for All Time.
 */
export function reviewPeriodRange(
  filter: ReviewPeriodFilter,
  timeZone: string,
  now: Date = new Date(),
): { from: Date; to: Date } | null {
  if (filter === 'all') return null;
  const year = Number(todayIn(timeZone, now).slice(0, 4)) - (filter === 'last-year' ? 1 : 0);
  return {
    from: startOfLocalDay(`${year}-01-01`, timeZone),
    to: startOfLocalDay(`${year + 1}-01-01`, timeZone),
  };
}
