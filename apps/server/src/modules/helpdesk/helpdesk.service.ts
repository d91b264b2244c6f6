import { allows } from '@atrium/shared';
import type { ActivityAudience } from '../../platform/activity/activity-audience';
import type { HelpdeskDeps } from './ticket-changes';
import { createCustomerTickets } from './customer-tickets';
import { createMacrosService } from './macros.service';
import type { SecretBox } from '../../platform/secrets/secret-box';
import { createMailIn } from './mail-in.service';
import { createMailboxes } from './mailboxes.service';
import { registerTicketAutoClose } from './ticket-auto-close';
import { createTicketMerge } from './ticket-merge';
import { createOverviewService } from './overview.service';
import { createSlaClock } from './sla-clock';
import { createSlaService } from './sla.service';
import { createTeamsService } from './teams.service';
import { createTicketDetailsService } from './ticket-details.service';
import { createTicketQueueService } from './ticket-queue.service';

/** Issue 21: a ticket's activity entries go to the agents, who see every ticket of the workspace. */
export const helpdeskReadRules = {
  ticket: { visible: (member) => allows(member, 'helpdesk:view') },
} satisfies Pick<ActivityAudience, 'ticket'>;

export function createHelpdeskService(
  options: Omit<HelpdeskDeps, 'sla' | 'now'> & {
    now?: () => Date;
    /** Seals the IMAP mailboxes' passwords. */
    passwords: SecretBox;
  },
) {
  const now = options.now ?? (() => new Date());
  const sla = createSlaClock({ db: options.db, jobs: options.jobs, notifier: options.notifier, now });
  const deps: HelpdeskDeps = { ...options, now, sla };
  const ticketDetails = createTicketDetailsService(deps);
  const mailIn = createMailIn(deps);
  registerTicketAutoClose(deps);
  return {
    ...createTicketQueueService(deps),
    ...ticketDetails,
    ...createOverviewService(deps),
    ...createMacrosService(deps, ticketDetails.get),
    ...createTeamsService(deps),
    ...createSlaService(deps),
    mailIn,
    ...createTicketMerge(deps, ticketDetails.get),
    ...createMailboxes({ ...deps, mailIn, passwords: options.passwords }),
    /** The customer portal's writes (issue 22), on the customer's own tickets only. */
    customerTickets: createCustomerTickets(deps),
  };
}

export type HelpdeskService = ReturnType<typeof createHelpdeskService>;
