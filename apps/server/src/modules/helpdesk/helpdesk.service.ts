import { allows } from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import type { HelpdeskDeps } from './ticket-changes';
import { createTicketDetailsService } from './ticket-details.service';
import { createTicketQueueService } from './ticket-queue.service';

/** Issue 21: a ticket's activity entries go to the agents, who see every ticket of the workspace. */
export const helpdeskReadRules = {
  ticket: { visible: (member) => allows(member, 'helpdesk:view') },
} satisfies Pick<ActivityAudience, 'ticket'>;

export function createHelpdeskService(deps: HelpdeskDeps) {
  return {
    ...createTicketQueueService(deps),
    ...createTicketDetailsService(deps),
  };
}

export type HelpdeskService = ReturnType<typeof createHelpdeskService>;
