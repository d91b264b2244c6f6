import { sql } from 'drizzle-orm';
import type { Db } from '@atrium/db';
import { openTicketStatuses, type TicketCategory, type TicketPriority } from '@atrium/shared';
import { rowsOf } from '../../platform/db/results';

const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;

const openStatusList = sql.join(
  openTicketStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/** Open tickets now and 30 days ago. */
export type OpenTicketCounts = { current: number; lastMonth: number };

export type OverviewCounts = {
  unassigned: number;
  breaching: number;
  averageFirstResponseHours: number | null;
  resolvedThisWeek: number;
};

/** Tickets opened or resolved per bucket: 1 .. n for the period's days (width_bucket's numbering). */
export type DayCountRow = { kind: 'opened' | 'resolved'; bucket: number; count: number };

export type BacklogRow = { category: TicketCategory; priority: TicketPriority; count: number };

/**
 * The help desk overview's figures (issue 21), each one statement over the ticket indexes of
 * packages/db/src/schema/helpdesk.ts, so a workspace of 100,000 tickets reads ranges, not all of them.
 */
export const overviewRepository = {
  /**
   * Open tickets (open, in progress, pending): the overview's Open KPI and the dashboard's Open
   * Tickets card, one count for both. A month ago: tickets created by then and not yet resolved then —
   * resolvedAt dates the resolution; a ticket without one is judged by its status today (a ticket
   * reopened since its resolution counts as open then, the one case this misses).
   */
  async openTickets(db: Db, tenantId: string, monthAgo: Date): Promise<OpenTicketCounts> {
    // Three index-only ranges (tickets_status_idx, then tickets_resolved_idx for the unresolved
    // and the resolved since) instead of one pass over every ticket.
    const result = await db.execute(sql`
      select
        (select count(*) from tickets t
          where t.tenant_id = ${tenantId} and t.status in (${openStatusList}))::int as "current",
        ((select count(*) from tickets t
          where t.tenant_id = ${tenantId} and t.resolved_at is null
            and t.status in (${openStatusList}) and t.created_at <= ${instant(monthAgo)})
        + (select count(*) from tickets t
          where t.tenant_id = ${tenantId} and t.resolved_at > ${instant(monthAgo)}
            and t.created_at <= ${instant(monthAgo)}))::int as "lastMonth"`);
    return rowsOf<OpenTicketCounts>(result)[0]!;
  },

  /**
   * Unassigned (tickets_agent_idx, the null agent's range), breaching (the two due-time partial
   * indexes: a due time is cleared once met, so one in the past is missed), the average first
   * response of the period's tickets (tickets_created_idx) and those resolved since the week began
   * (tickets_resolved_idx).
   */
  async counts(
    db: Db,
    query: { tenantId: string; now: Date; periodStart: Date; weekStart: Date },
  ): Promise<OverviewCounts> {
    const { tenantId, now } = query;
    const result = await db.execute(sql`
      select
        (select count(*) from tickets t
          where t.tenant_id = ${tenantId} and t.assigned_agent_id is null
            and t.status in (${openStatusList}))::int as "unassigned",
        (select count(*) from tickets t
          where t.tenant_id = ${tenantId} and t.status in (${openStatusList}) and t.id in (
            select d.id from tickets d
              where d.tenant_id = ${tenantId} and d.first_response_due_at < ${instant(now)}
            union
            select d.id from tickets d
              where d.tenant_id = ${tenantId} and d.resolution_due_at < ${instant(now)}))::int as "breaching",
        (select avg(extract(epoch from t.first_responded_at - t.created_at)) / 3600 from tickets t
          where t.tenant_id = ${tenantId} and t.created_at >= ${instant(query.periodStart)}
            and t.first_responded_at is not null)::float8 as "averageFirstResponseHours",
        (select count(*) from tickets t
          where t.tenant_id = ${tenantId}
            and t.resolved_at >= ${instant(query.weekStart)})::int as "resolvedThisWeek"`);
    return rowsOf<OverviewCounts>(result)[0]!;
  },

  /**
   * Tickets opened and resolved per day: `bounds` start each day and end the last (the workspace's
   * calendar days, so a daylight-saving day is 23 or 25 hours). Two ranges, tickets_created_idx and
   * tickets_resolved_idx.
   */
  async perDay(db: Db, tenantId: string, bounds: readonly Date[]): Promise<DayCountRow[]> {
    const from = instant(bounds[0]!);
    const to = instant(bounds.at(-1)!);
    const result = await db.execute(sql`
      with period as (select array[${sql.join(bounds.map(instant), sql`, `)}] as bounds)
      select 'opened' as "kind", width_bucket(t.created_at, period.bounds) as "bucket", count(*)::int as "count"
      from tickets t cross join period
      where t.tenant_id = ${tenantId} and t.created_at >= ${from} and t.created_at < ${to}
      group by 2
      union all
      select 'resolved', width_bucket(t.resolved_at, period.bounds), count(*)::int
      from tickets t cross join period
      where t.tenant_id = ${tenantId} and t.resolved_at >= ${from} and t.resolved_at < ${to}
      group by 2`);
    return rowsOf<DayCountRow>(result);
  },

  /** The open tickets by category and priority: at most 16 groups (tickets_status_idx). */
  async backlog(db: Db, tenantId: string): Promise<BacklogRow[]> {
    const result = await db.execute(sql`
      select t.category as "category", t.priority as "priority", count(*)::int as "count"
      from tickets t
      where t.tenant_id = ${tenantId} and t.status in (${openStatusList})
      group by 1, 2`);
    return rowsOf<BacklogRow>(result);
  },
};
