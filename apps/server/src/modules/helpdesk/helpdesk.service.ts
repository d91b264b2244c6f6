import { allows } from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import type { HelpdeskDeps } from './ticket-changes';
import { createSlaClock } from './sla-clock';
import { createTicketDetailsService } from './ticket-details.service';
import { createTicketQueueService } from './ticket-queue.service';

/** Issue 21: a ticket's activity entries go to the agents, who see every ticket of the workspace. */
export const helpdeskReadRules = {
  ticket: { visible: (member) => allows(member, 'helpdesk:view') },
} satisfies Pick<ActivityAudience, 'ticket'>;

export function createHelpdeskService(
  options: Omit<HelpdeskDeps, 'sla' | 'now'> & { now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const deps: HelpdeskDeps = { ...options, now, sla: createSlaClock() };
  return {
    ...createTicketQueueService(deps),
    ...createTicketDetailsService(deps),
  };
}

export type HelpdeskService = ReturnType<typeof createHelpdeskService>;
