import { z } from 'zod';
import { goalStatuses } from '../domain/enums';
import {
  maxGoalProgress,
  maxRating,
  minGoalProgress,
  minRating,
  ratingBandIds,
  reviewPeriodFilters,
} from '../domain/performance-rules';
import { isoDate as dateField, recordVersion, text } from './fields';
import { shiftSchema } from './scheduling';

// Performance API (issue 4, spec 2 "Performance"): /api/v1/performance.

const isoDate = dateField();

const periodFilter = z.enum(reviewPeriodFilters).default('all');
const pageLimit = z.coerce.number().int().min(1).max(200).default(50);
const cursor = text().max(500).optional();

const rating = z
  .number('Choose a rating from 1 to 5')
  .int('Choose a rating from 1 to 5')
  .min(minRating, 'Choose a rating from 1 to 5')
  .max(maxRating, 'Choose a rating from 1 to 5');

const progress = z
  .number('Enter the progress from 0 to 100')
  .int('Use a whole number')
  .min(minGoalProgress, 'Progress is at least 0')
  .max(maxGoalProgress, 'Progress is at most 100');

const longText = (max: number) => text().trim().max(max, `Use at most ${max} characters`);

// ---- inputs -----------------------------------------------------------------------------------

/** Stat cards and employee cards (Overview tab). */
export const performanceOverviewQuerySchema = z.object({
  employeeId: z.uuid().optional(),
  period: periodFilter,
  limit: pageLimit,
  cursor,
});
export type PerformanceOverviewQuery = z.input<typeof performanceOverviewQuerySchema>;

export const performanceStatsQuerySchema = performanceOverviewQuerySchema.pick({
  employeeId: true,
  period: true,
});
export type PerformanceStatsQuery = z.input<typeof performanceStatsQuerySchema>;

export const reviewListQuerySchema = z.object({
  employeeId: z.uuid().optional(),
  period: periodFilter,
  rating: z.coerce.number().int().min(minRating).max(maxRating).optional(),
  limit: pageLimit,
  cursor,
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

export const goalListQuerySchema = z.object({
  employeeId: z.uuid().optional(),
  /** The status as of today (overdue is derived from the target date). */
  status: z.enum(goalStatuses).optional(),
  limit: pageLimit,
  cursor,
});
export type GoalListQuery = z.input<typeof goalListQuerySchema>;

export const performanceAnalyticsQuerySchema = z.object({
  employeeId: z.uuid().optional(),
  period: periodFilter,
});

export const performanceExportQuerySchema = z.object({
  /** Export Reports: reviews (default) or goals, with the screen's filters. */
  type: z.enum(['reviews', 'goals']).default('reviews'),
  employeeId: z.uuid().optional(),
  period: periodFilter,
  status: z.enum(goalStatuses).optional(),
});
export type PerformanceExportQuery = z.input<typeof performanceExportQuerySchema>;

export const reviewCategorySchema = z.object({
  name: text().trim().min(1, 'Enter the category').max(100, 'Use at most 100 characters'),
  rating,
  feedback: longText(2000).default(''),
});

/** Add Review dialog (spec 2); the reviewer is the signed-in member, never a field. */
export const createReviewSchema = z.object({
  employeeId: z.uuid('Choose an employee'),
  /** "Review Period", e.g. 'Q4 2024'. */
  period: text().trim().min(1, 'Enter the review period, e.g. Q4 2024').max(50, 'Use at most 50 characters'),
  overallRating: rating,
  /** "Performance Feedback". */
  feedback: longText(5000).default(''),
  /** "Goals for Next Period". */
  nextPeriodGoals: longText(5000).default(''),
  categories: z.array(reviewCategorySchema).max(20).default([]),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

/** Add Goal dialog (spec 2): title, description, target date, initial progress 0-100. */
export const createGoalSchema = z.object({
  employeeId: z.uuid('Choose an employee'),
  title: text().trim().min(1, 'Enter the goal title').max(200, 'Use at most 200 characters'),
  description: longText(2000).default(''),
  targetDate: isoDate,
  progress: progress.default(0),
});
export type CreateGoalInput = z.input<typeof createGoalSchema>;

/**
 * Update a goal. The employee the goal belongs to may change `progress` only; Managers and Admins
 * (performance:manage) may change every field.
 */
export const updateGoalSchema = z
  .object({
    progress: progress.optional(),
    title: text().trim().min(1, 'Enter the goal title').max(200, 'Use at most 200 characters').optional(),
    description: longText(2000).optional(),
    targetDate: isoDate.optional(),
    version: recordVersion(),
  })
  .refine(
    (value) =>
      value.progress !== undefined ||
      value.title !== undefined ||
      value.description !== undefined ||
      value.targetDate !== undefined,
    'Change the progress, title, description or target date',
  );
export type UpdateGoalInput = z.input<typeof updateGoalSchema>;

/** Complete a goal; `version` is optional (completing twice is harmless). */
export const completeGoalSchema = z.object({ version: recordVersion().optional() });
export type CompleteGoalInput = z.input<typeof completeGoalSchema>;

// ---- responses --------------------------------------------------------------------------------

const personRef = z.object({ id: z.uuid(), name: z.string() });

export const ratingBandSchema = z.object({ id: z.enum(ratingBandIds), label: z.string() });

export const reviewSchema = z.object({
  id: z.uuid(),
  employee: personRef,
  /** The member who wrote it (their employee record); null for imported reviews without one. */
  reviewer: personRef.nullable(),
  period: z.string(),
  overallRating: z.number().int(),
  ratingLabel: z.string(),
  categories: z.array(z.object({ name: z.string(), rating: z.number(), feedback: z.string() })),
  feedback: z.string(),
  nextPeriodGoals: z.string(),
  reviewedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const goalSchema = z.object({
  id: z.uuid(),
  employee: personRef,
  title: z.string(),
  description: z.string(),
  targetDate: z.string(),
  progress: z.number().int(),
  /** As of today in the workspace time zone: overdue = past target date and not completed. */
  status: z.enum(goalStatuses),
  overdue: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Goal = z.infer<typeof goalSchema>;

export const performanceStatsSchema = z.object({
  /** Mean of the employees' average ratings (reviews in the period), 1 decimal; null without reviews. */
  averageRating: z.number().nullable(),
  /** Employees whose average rating (1 decimal) is 4 or more. */
  highPerformers: z.number().int(),
  /** Completed goals out of all goals, whole percent. */
  goalCompletion: z.number().int(),
  totalReviews: z.number().int(),
  /** Goals neither completed nor overdue. */
  activeGoals: z.number().int(),
  /** Employees whose latest review is older than 6 months, or who have none. */
  needReview: z.number().int(),
  /** Employees the stats cover. */
  employees: z.number().int(),
});
export type PerformanceStats = z.infer<typeof performanceStatsSchema>;

export const performanceCardSchema = z.object({
  employee: z.object({
    id: z.uuid(),
    name: z.string(),
    employeeCode: z.string(),
    department: z.string(),
    jobTitle: z.string(),
  }),
  /** Average of the period's reviews, 1 decimal; null when there are none. */
  averageRating: z.number().nullable(),
  band: ratingBandSchema.nullable(),
  highPerformer: z.boolean(),
  reviewCount: z.number().int(),
  goalsCompleted: z.number().int(),
  goalsTotal: z.number().int(),
  /** The latest review of any period (Needs Review looks at it). */
  latestReview: z
    .object({ id: z.uuid(), reviewedAt: z.string(), period: z.string(), overallRating: z.number().int() })
    .nullable(),
  needsReview: z.boolean(),
});
export type PerformanceCard = z.infer<typeof performanceCardSchema>;

/** GET /performance/overview */
export const performanceOverviewSchema = z.object({
  period: z.enum(reviewPeriodFilters),
  data: z.array(performanceCardSchema),
  nextCursor: z.string().nullable(),
});
export type PerformanceOverview = z.infer<typeof performanceOverviewSchema>;

/**
 * Whose figures the stats are: the team's (performance:manage, filtered or not), or the asker's
 * own (issue 20: an Employee sees no team-wide figures, so their cards speak of them alone).
 */
export const performanceStatsScopes = ['team', 'own'] as const;
export type PerformanceStatsScope = (typeof performanceStatsScopes)[number];

/** GET /performance/stats — the six cards, over everyone in scope (not one page). */
export const performanceStatsAnswerSchema = z.object({
  period: z.enum(reviewPeriodFilters),
  scope: z.enum(performanceStatsScopes),
  stats: performanceStatsSchema,
});
export type PerformanceStatsAnswer = z.infer<typeof performanceStatsAnswerSchema>;

/** GET /performance/analytics — the Analytics tab's charts. */
export const performanceAnalyticsSchema = z.object({
  period: z.enum(reviewPeriodFilters),
  /** Reviews per overall rating, 5 first. */
  ratingDistribution: z.array(
    z.object({ rating: z.number().int(), label: z.string(), count: z.number().int() }),
  ),
  /** Employees per rating band of their average, best first. */
  bandDistribution: z.array(
    z.object({ band: z.enum(ratingBandIds), label: z.string(), count: z.number().int() }),
  ),
  goalStatus: z.object({
    active: z.number().int(),
    completed: z.number().int(),
    overdue: z.number().int(),
    total: z.number().int(),
  }),
});
export type PerformanceAnalytics = z.infer<typeof performanceAnalyticsSchema>;

/** GET /performance/employees/:id/summary — the directory details dialog's Performance and Schedule tabs. */
export const employeePerformanceSummarySchema = z.object({
  employee: z.object({
    id: z.uuid(),
    name: z.string(),
    employeeCode: z.string(),
    department: z.string(),
    jobTitle: z.string(),
    status: z.string(),
  }),
  /** Null when the viewer may not see this person's performance (staff see only their own). */
  performance: z
    .object({
      averageRating: z.number().nullable(),
      band: ratingBandSchema.nullable(),
      needsReview: z.boolean(),
      reviews: z.array(reviewSchema),
      goals: z.array(goalSchema),
    })
    .nullable(),
  /** This week's shifts (workspace week); null without schedule:view. */
  schedule: z
    .object({
      weekStart: z.string(),
      weekEnd: z.string(),
      weeklyHours: z.number(),
      shifts: z.array(shiftSchema),
    })
    .nullable(),
});
export type EmployeePerformanceSummary = z.infer<typeof employeePerformanceSummarySchema>;
