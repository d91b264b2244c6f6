import { defaultAutoCloseAfterDays } from '@atrium/shared';
import { activityLog } from '../../platform/activity/activity.service';
import type { HelpdeskDeps } from './ticket-changes';
import { statusSummary } from './ticket-view';
import { ticketsRepository } from './tickets.repository';

export const autoCloseQueue = 'helpdesk.auto-close';

/** Tickets closed per run; an hour later the next run takes the rest. */
const batchSize = 1000;

/**
 * Issue 21: resolved tickets close themselves after the workspace's number of days (Settings -> Help
 * desk). An hourly job closes the due ones of every workspace in one statement and logs each.
 */
export function registerTicketAutoClose(deps: HelpdeskDeps) {
  const { db, jobs, log } = deps;
  jobs.register(
    autoCloseQueue,
    async () => {
      const closed = await ticketsRepository.closeResolved(db, {
        now: deps.now(),
        defaultDays: defaultAutoCloseAfterDays,
        limit: batchSize,
      });
      for (const ticket of closed) {
        await activityLog.record(db, {
          tenantId: ticket.tenantId,
          actor: { userId: null, name: 'Atrium' },
          action: 'status_changed',
          entityType: 'ticket',
          entityId: ticket.id,
          summary: `${statusSummary(ticket, 'closed')}: resolved ${ticket.days} days ago`,
          data: {
            number: ticket.number,
            before: { status: 'resolved' },
            after: { status: 'closed' },
            automatic: true,
          },
        });
      }
      if (closed.length > 0) log.info({ closed: closed.length }, 'resolved tickets closed automatically');
    },
    {
      label: 'Close resolved tickets after the help desk’s waiting days',
      schedule: { cron: '23 * * * *', tz: 'UTC' },
    },
  );
}
