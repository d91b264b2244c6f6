// Sample-data volumes. `demo` is spec section 9; `large` is the scale test (10,000 employees,
// 2,000 projects, ~100,000 tasks, ~1,000,000 time entries, 100,000 tickets, 200,000 leads), and
// it goes into its own workspace so both can live in one database.
import { demoWorkspace, largeSampleWorkspace } from '@atrium/shared';

/** Inclusive [min, max] of children per parent. */
export type Range = readonly [min: number, max: number];

export type SeedCounts = {
  employees: number;
  reviewsPerEmployee: Range;
  goalsPerEmployee: Range;
  timeEntriesPerEmployee: Range;
  /** Time entries fall on distinct days in this many days before `now`. */
  timeEntryDays: number;
  projects: number;
  membersPerProject: Range;
  tasksPerProject: Range;
  commentsPerTask: Range;
  subtasksPerTask: Range;
  tickets: number;
  /** Tickets are created over this many days before `now`. */
  ticketDays: number;
  messagesPerTicket: Range;
  campaigns: number;
  leads: number;
  activitiesPerLead: Range;
  events: number;
  attendeesPerEvent: Range;
  documentFolders: number;
  documents: number;
  versionsPerDocument: Range;
  permissionsPerDocument: Range;
  articles: number;
  activity: number;
};

export type SeedScale = 'demo' | 'large';

export type SeedProfile = {
  /** The Faker seed: the same profile and `now` give the same rows. */
  seed: number;
  workspace: { name: string; slug: string };
  counts: SeedCounts;
};

export const seedProfiles: Record<SeedScale, SeedProfile> = {
  demo: {
    seed: 20_240_101,
    workspace: demoWorkspace,
    counts: {
      employees: 50,
      reviewsPerEmployee: [1, 3],
      goalsPerEmployee: [1, 4],
      timeEntriesPerEmployee: [5, 20],
      timeEntryDays: 30,
      projects: 15,
      membersPerProject: [3, 8],
      tasksPerProject: [3, 12],
      commentsPerTask: [0, 3],
      subtasksPerTask: [0, 4],
      tickets: 30,
      ticketDays: 60,
      messagesPerTicket: [1, 5],
      campaigns: 10,
      leads: 100,
      activitiesPerLead: [1, 5],
      events: 25,
      attendeesPerEvent: [2, 6],
      documentFolders: 4,
      documents: 20,
      versionsPerDocument: [1, 3],
      permissionsPerDocument: [1, 3],
      articles: 15,
      activity: 50,
    },
  },
  large: {
    seed: 20_240_202,
    workspace: largeSampleWorkspace,
    counts: {
      employees: 10_000,
      reviewsPerEmployee: [1, 3],
      goalsPerEmployee: [1, 4],
      timeEntriesPerEmployee: [80, 120],
      timeEntryDays: 180,
      projects: 2_000,
      membersPerProject: [3, 12],
      tasksPerProject: [25, 75],
      commentsPerTask: [0, 3],
      subtasksPerTask: [0, 4],
      tickets: 100_000,
      ticketDays: 365,
      messagesPerTicket: [1, 5],
      campaigns: 500,
      leads: 200_000,
      activitiesPerLead: [1, 5],
      events: 5_000,
      attendeesPerEvent: [2, 8],
      documentFolders: 48,
      documents: 10_000,
      versionsPerDocument: [1, 3],
      permissionsPerDocument: [1, 3],
      articles: 10_000,
      activity: 50_000,
    },
  },
};

const topLevelCounts = [
  'employees',
  'projects',
  'tickets',
  'campaigns',
  'leads',
  'events',
  'documentFolders',
  'documents',
  'articles',
  'activity',
] as const satisfies readonly (keyof SeedCounts)[];

/**
 * The counts with every top-level volume multiplied by factor (at least 1); per-parent ranges
 * stay, so 0.01 of `large` is 1% of its rows with the same shape. Tests use it.
 */
export function scaleCounts(counts: SeedCounts, factor: number): SeedCounts {
  const scaled = { ...counts };
  for (const key of topLevelCounts) scaled[key] = Math.max(1, Math.round(counts[key] * factor));
  return scaled;
}
