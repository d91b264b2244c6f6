// The sample-data generator: `seedDemo` fills one workspace with the spec section 9 volumes
// (scale `demo`) or the scale-test volumes (scale `large`, its own workspace). Deterministic:
// the same scale, counts and `now` give the same rows, ids included.
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../client';
import { workspaces } from '../schema/index';
import { seedActivity } from './activity';
import { withBulkLoader, type LoadProgress, type TableTiming } from './bulk-load';
import { seedCalendar } from './calendar';
import { seedDocuments } from './documents';
import { seedHelpdesk } from './helpdesk';
import { seedKnowledge } from './knowledge';
import { seedMarketing } from './marketing';
import { seedPeople } from './people';
import { seedProfiles, type SeedCounts, type SeedScale } from './profiles';
import { seedProjects } from './projects';
import { createRandom } from './random';

export {
  scaleCounts,
  seedProfiles,
  type Range,
  type SeedCounts,
  type SeedProfile,
  type SeedScale,
} from './profiles';
export type { LoadProgress, TableTiming } from './bulk-load';

export type SeedOptions = {
  scale: SeedScale;
  /** The reference date everything is relative to; default: the start of today (UTC). */
  now?: Date;
  /** Replaces some of the profile's volumes (tests load 1% of `large`). */
  counts?: Partial<SeedCounts>;
  /** Deletes the profile's workspace and all its data first; without it an existing one is an error. */
  reset?: boolean;
  onProgress?: (progress: LoadProgress) => void;
};

export type SeedResult = {
  workspaceId: string;
  /** Rows written per table. */
  counts: Record<string, number>;
  timings: TableTiming[];
  elapsedMs: number;
};

export class WorkspaceAlreadySeededError extends Error {
  constructor(slug: string) {
    super(`workspace "${slug}" already exists`);
    this.name = 'WorkspaceAlreadySeededError';
  }
}

export function startOfTodayUtc(date = new Date()): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The workspace a profile seeds, if it exists. */
export async function findDemoWorkspace(db: Db, scale: SeedScale = 'demo') {
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug })
    .from(workspaces)
    .where(eq(workspaces.slug, seedProfiles[scale].workspace.slug));
  return workspace;
}

/** The seed is one transaction, so an existing workspace is a complete one. */
export async function isWorkspaceSeeded(db: Db, scale: SeedScale = 'demo'): Promise<boolean> {
  return (await findDemoWorkspace(db, scale)) !== undefined;
}

export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const profile = seedProfiles[options.scale];
  const counts = { ...profile.counts, ...options.counts };
  const now = options.now ?? startOfTodayUtc();
  const random = createRandom(profile.seed, now);
  const tenantId = random.uuid();

  const timings = await withBulkLoader(database, options.onProgress ?? (() => undefined), async (loader) => {
    // Server processes started together on an empty database each load the demo: the first holds
    // this lock until it commits, and the others then find its workspace (WorkspaceAlreadySeededError).
    await loader.execute('select pg_advisory_xact_lock(hashtext($1))', [
      `atrium:seed:${profile.workspace.slug}`,
    ]);
    const existing = await loader.execute('select id from workspaces where slug = $1 for update', [
      profile.workspace.slug,
    ]);
    if (existing.rows.length > 0) {
      if (!options.reset) throw new WorkspaceAlreadySeededError(profile.workspace.slug);
      await loader.execute('delete from workspaces where slug = $1', [profile.workspace.slug]);
    }
    const created = random.daysFromNow(-400);
    await loader.load(workspaces, 1, [
      {
        id: tenantId,
        ...profile.workspace,
        // Spec 1: a 14-day trial.
        trialEndsAt: random.daysFromNow(14),
        // A lived-in workspace, not a new one: no getting-started checklist (issue 20).
        gettingStartedDismissedAt: created,
        createdAt: created,
        updatedAt: created,
      },
    ]);
    const run = { tenantId, counts, random, loader };
    const people = await seedPeople(run);
    const projectData = await seedProjects(run, people);
    const helpdesk = await seedHelpdesk(run, people);
    await seedMarketing(run, people);
    await seedCalendar(run, people);
    await seedDocuments(run, people);
    await seedKnowledge(run, people);
    await seedActivity(run, people, { ...projectData, ...helpdesk });
    return loader.timings;
  });

  return {
    workspaceId: tenantId,
    counts: Object.fromEntries(timings.map((t) => [t.table, t.rows])),
    timings,
    elapsedMs: Math.round(performance.now() - started),
  };
}
