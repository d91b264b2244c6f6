import type { Db } from '@atrium/db';
import {
  addCalendarDays,
  lastMonthInstant,
  startOfLocalDay,
  ticketCategories,
  ticketPriorities,
  todayIn,
  weekStartOf,
  type HelpdeskOverview,
  type HelpdeskOverviewQuery,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import type { HelpdeskDeps } from './ticket-changes';
import {
  overviewRepository as repository,
  type BacklogRow,
  type OpenTicketCounts,
} from './overview.repository';

/**
 * Open tickets now and 30 days ago: the dashboard's Open Tickets card reads this, so it and the
 * help desk overview never disagree (issue 21).
 */
export function openTicketCounts(db: Db, tenantId: string, monthAgo: Date): Promise<OpenTicketCounts> {
  return repository.openTickets(db, tenantId, monthAgo);
}

/** The help desk overview (/helpdesk): KPIs and charts over the last `days` calendar days. */
export function createOverviewService(deps: HelpdeskDeps) {
  const { db } = deps;
  return {
    /**
     * Kept per workspace until a change there, like the dashboard's cards; the key holds the minute
     * too, since Breaching and the days move with the clock, not only with changes.
     */
    overview(member: Member, query: HelpdeskOverviewQuery): Promise<HelpdeskOverview> {
      const now = deps.now();
      const minute = Math.floor(now.getTime() / 60_000);
      const key = `helpdesk-overview:${query.days}:${member.timeZone}:${member.weekStart}:${minute}`;
      return deps.memo.get(member.tenantId, key, () => compute(member, query, now));
    },
  };

  async function compute(member: Member, query: HelpdeskOverviewQuery, now: Date): Promise<HelpdeskOverview> {
    const { tenantId, timeZone } = member;
    const today = todayIn(timeZone, now);
    // The period's days, today included, in the workspace's calendar.
    const days = Array.from({ length: query.days }, (_, index) =>
      addCalendarDays(today, index - query.days + 1),
    );
    const bounds = [...days, addCalendarDays(today, 1)].map((day) => startOfLocalDay(day, timeZone));
    const [open, counts, perDay, backlog, csat] = await Promise.all([
      openTicketCounts(db, tenantId, lastMonthInstant(now)),
      repository.counts(db, {
        tenantId,
        now,
        periodStart: bounds[0]!,
        weekStart: startOfLocalDay(weekStartOf(today, member.weekStart), timeZone),
      }),
      repository.perDay(db, tenantId, bounds),
      repository.backlog(db, tenantId),
      deps.satisfaction.csat(tenantId, bounds[0]!),
    ]);
    const dayCount = (kind: 'opened' | 'resolved', bucket: number) =>
      perDay.find((row) => row.kind === kind && row.bucket === bucket)?.count ?? 0;
    const backlogCount = (keep: (row: BacklogRow) => boolean) =>
      backlog.filter(keep).reduce((total, row) => total + row.count, 0);
    return {
      days: query.days,
      timeZone,
      kpis: {
        open: open.current,
        ...counts,
        averageFirstResponseHours:
          counts.averageFirstResponseHours === null
            ? null
            : Math.round(counts.averageFirstResponseHours * 10) / 10,
      },
      // width_bucket numbers the first day 1.
      perDay: days.map((date, index) => ({
        date,
        opened: dayCount('opened', index + 1),
        resolved: dayCount('resolved', index + 1),
      })),
      byCategory: ticketCategories.map((category) => ({
        category,
        count: backlogCount((row) => row.category === category),
      })),
      byPriority: ticketPriorities.map((priority) => ({
        priority,
        count: backlogCount((row) => row.priority === priority),
      })),
      csat,
    };
  }
}
