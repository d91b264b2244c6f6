import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@atrium/db';
import type { BackgroundJobState } from '@atrium/shared';
import { rowsOf } from '../db/results';

// A workspace's jobs, read from pg-boss's own table: each job carries its workspace in data.tenantId,
// which an index of ours on that table serves.
// Jobs of no workspace (the nightly clean-up, system mail) are nobody's to see here. Completed jobs
// stay in this table until pg-boss archives them (12 hours), failed ones for a week.

/** What each of pg-boss's states is on the Background jobs view (cancelled jobs are not shown). */
export const viewStateOf: Record<string, BackgroundJobState | undefined> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  failed: 'failed',
  completed: 'completed',
};

const statesOf = (state: BackgroundJobState) =>
  Object.keys(viewStateOf).filter((pgBossState) => viewStateOf[pgBossState] === state);

export type JobRow = {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  error: string | null;
  created_on: string;
  start_after: string;
  started_on: string | null;
  completed_on: string | null;
  /** created_on to the microsecond, as the cursor carries it. */
  cursor_created_on: string;
};

/** As the API writes instants (milliseconds); the cursor keeps the microseconds PostgreSQL has. */
const iso = (column: SQL, fraction: 'MS' | 'US' = 'MS') =>
  sql`to_char(${column} at time zone 'UTC', ${`YYYY-MM-DD"T"HH24:MI:SS.${fraction}"Z"`})`;

export const jobsRepository = {
  /**
   * The Background jobs view's index, on pg-boss's partitioned table: PostgreSQL gives every queue's
   * partition, present and future, its own copy.
   */
  async ensureWorkspaceIndex(db: Db) {
    await db.execute(sql`
      create index if not exists job_workspace_idx
      on pgboss.job ((data ->> 'tenantId'), state, created_on, id)`);
  },

  async list(
    db: Db,
    page: { tenantId: string; state: BackgroundJobState; after?: [string, string]; limit: number },
  ): Promise<JobRow[]> {
    const states = statesOf(page.state);
    const after = page.after
      ? sql`and (created_on, id) < (cast(${page.after[0]} as timestamptz), cast(${page.after[1]} as uuid))`
      : sql``;
    const result = await db.execute(sql`
      select id, name, state, retry_count, retry_limit, output ->> 'message' as error,
        ${iso(sql`created_on`)} as created_on, ${iso(sql`start_after`)} as start_after,
        ${iso(sql`started_on`)} as started_on, ${iso(sql`completed_on`)} as completed_on,
        ${iso(sql`created_on`, 'US')} as cursor_created_on
      from pgboss.job
      where data ->> 'tenantId' = ${page.tenantId}
        and state::text in (${sql.join(
          states.map((state) => sql`${state}`),
          sql`, `,
        )})
        ${after}
      -- The table's columns, not the same-named text ones selected above (milliseconds only).
      order by job.created_on desc, job.id desc
      limit ${page.limit}`);
    return rowsOf<JobRow>(result);
  },

  async counts(db: Db, tenantId: string): Promise<Record<BackgroundJobState, number>> {
    const result = await db.execute(sql`
      select state::text as state, count(*)::int as count
      from pgboss.job where data ->> 'tenantId' = ${tenantId} group by state`);
    const counts = { queued: 0, running: 0, failed: 0, completed: 0 };
    for (const row of rowsOf<{ state: string; count: number }>(result)) {
      const state = viewStateOf[row.state];
      if (state) counts[state] += Number(row.count);
    }
    return counts;
  },

  /** Jobs per queue and state, across workspaces (metrics). */
  async countsByQueue(
    db: Db,
    states: readonly string[],
  ): Promise<{ queue: string; state: string; count: number }[]> {
    const result = await db.execute(sql`
      select name as queue, state::text as state, count(*)::int as count
      from pgboss.job
      where state::text in (${sql.join(
        states.map((state) => sql`${state}`),
        sql`, `,
      )})
      group by name, state`);
    return rowsOf<{ queue: string; state: string; count: number }>(result).map((row) => ({
      ...row,
      count: Number(row.count),
    }));
  },

  /** The queue of a workspace's job, or null when the workspace has no such job. */
  async queueOf(db: Db, tenantId: string, id: string): Promise<{ name: string; state: string } | null> {
    const result = await db.execute(sql`
      select name, state::text as state from pgboss.job
      where id = ${id} and data ->> 'tenantId' = ${tenantId}`);
    return rowsOf<{ name: string; state: string }>(result)[0] ?? null;
  },
};
