// SLA levels, tickets and their conversations (spec 9: 30 tickets; SLA tiers with first response
// 2-24 hours and resolution 24-168 hours).
import {
  addBusinessTime,
  defaultBusinessCalendar,
  demoEmail,
  ticketCategories,
  type SlaTier,
  type TicketCategory,
  type TicketStatus,
} from '@atrium/shared';
import { slaLevels, ticketMessages, tickets } from '../schema/index';
import { addHours, minDate, type Random } from './random';
import { expand, sum, type People, type Person, type SeedRun } from './run';

const slaHours: Record<SlaTier, { firstResponseHours: number; resolutionHours: number }> = {
  Bronze: { firstResponseHours: 24, resolutionHours: 168 },
  Silver: { firstResponseHours: 12, resolutionHours: 96 },
  Gold: { firstResponseHours: 4, resolutionHours: 48 },
  Platinum: { firstResponseHours: 2, resolutionHours: 24 },
};

const subjects: Record<TicketCategory, string[]> = {
  Technical: [
    'Cannot log in after password reset',
    'Export to CSV times out',
    'Dashboard loads slowly',
    'Error 500 when saving a task',
    'Mobile app crashes on start',
    'Calendar sync stopped working',
  ],
  Billing: [
    'Charged twice this month',
    'Need an invoice with our VAT number',
    'Upgrade to the Professional plan',
    'Refund for unused seats',
    'Update the credit card on file',
  ],
  'Feature Request': [
    'Add dark mode',
    'Bulk edit for time entries',
    'Custom fields on projects',
    'Slack notifications for tickets',
    'Recurring tasks',
  ],
  'General Inquiry': [
    'How do I invite my team?',
    'Where is my data stored?',
    'Do you offer training sessions?',
    'Question about the trial period',
    'How to change the workspace name',
  ],
};

const agentReplies = [
  'Thanks for reaching out, I am looking into this now.',
  'Could you send a screenshot of the error?',
  'We have reproduced the issue and a fix is on the way.',
  'This should be resolved now; please let us know if not.',
  'I have passed this on to the product team.',
];
const customerReplies = [
  'Thanks, here is the screenshot.',
  'It is still happening on our side.',
  'That worked, thank you!',
  'Any update on this?',
  'We need this before the end of the month.',
];
const ticketDetails = [
  'It started this morning for several people on our team.',
  'We are on the latest version.',
  'This blocks our month-end reporting.',
  'Steps to reproduce are in the attached notes.',
  'Happy to jump on a call.',
];
const internalNotes = [
  'Escalated to engineering.',
  'Customer is on the Gold plan; prioritize.',
  'Duplicate of an earlier ticket.',
];

/** Someone writing in, their address made from their name as people's addresses mostly are. */
function sampleCustomer({ faker }: Random): { name: string; email: string } {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    name: `${firstName} ${lastName}`,
    email: faker.internet.email({ firstName, lastName }).toLowerCase(),
  };
}

/** The help-desk portal customer a later issue gives a login (customer@acme.test). */
const demoCustomer = { name: 'Jordan Rivera', email: demoEmail('customer') };

type TicketPlan = {
  id: string;
  createdAt: Date;
  status: TicketStatus;
  customer: { name: string; email: string };
  agent: Person | null;
  description: string;
  firstRespondedAt: Date | null;
  messages: number;
};

export async function seedHelpdesk(
  run: SeedRun,
  people: People,
): Promise<{ tickets: { id: string; subject: string }[] }> {
  const { random, loader, tenantId, counts } = run;
  const levels = (Object.keys(slaHours) as SlaTier[]).map((name) => ({
    id: random.uuid(),
    name,
    ...slaHours[name],
  }));
  await loader.load(
    slaLevels,
    levels.length,
    levels.map((level) => ({
      tenantId,
      ...level,
      createdAt: random.daysFromNow(-365),
      updatedAt: random.daysFromNow(-365),
    })),
  );

  // Sample workspaces keep the column's time zone, UTC: the server's default calendar then agrees.
  const slaCalendar = defaultBusinessCalendar('UTC');
  const agents = people.inDepartment('Support');
  const plans: TicketPlan[] = [];
  const list: { id: string; subject: string }[] = [];
  function* ticketRows() {
    for (let i = 0; i < counts.tickets; i++) {
      const id = random.uuid();
      // Numbers follow creation time; older tickets are more likely to be resolved.
      const ageDays = ((counts.tickets - i) / counts.tickets) * counts.ticketDays * random.float(0.9, 1);
      const createdAt = random.daysFromNow(-ageDays);
      const status: TicketStatus =
        ageDays > 14
          ? random.weighted([
              ['closed', 45],
              ['resolved', 35],
              ['pending', 8],
              ['in-progress', 7],
              ['open', 5],
            ])
          : random.weighted([
              ['open', 35],
              ['in-progress', 30],
              ['pending', 15],
              ['resolved', 15],
              ['closed', 5],
            ]);
      const level = random.pick(levels);
      const category = random.pick(ticketCategories);
      const subject = random.pick(subjects[category]);
      const customer = i % 6 === 0 ? demoCustomer : sampleCustomer(random);
      const agent = status === 'open' && random.chance(0.5) ? null : random.pick(agents);
      const responded = agent !== null && (status !== 'open' || random.chance(0.5));
      // Some responses and resolutions miss the SLA, so the SLA screen has breaches to show.
      const firstRespondedAt = responded
        ? minDate(addHours(createdAt, random.float(0.2, level.firstResponseHours * 1.3)), random.now)
        : null;
      const resolvedAt =
        status === 'resolved' || status === 'closed'
          ? minDate(
              addHours(firstRespondedAt ?? createdAt, random.float(1, level.resolutionHours * 1.2)),
              random.now,
            )
          : null;
      // The SLA clocks as the server keeps them (issue 21): due times while a clock runs, a pause
      // open while the ticket waits on the customer, counted in the default business hours.
      const waitingSince = status === 'pending' ? (firstRespondedAt ?? createdAt) : null;
      const running = status === 'open' || status === 'in-progress';
      const dueAfter = (hours: number) => addBusinessTime(slaCalendar, createdAt, hours * 60);
      const description = `${subject}. ${random.pick(ticketDetails)}`;
      plans.push({
        id,
        createdAt,
        status,
        customer,
        agent,
        description,
        firstRespondedAt,
        messages: random.inRange(counts.messagesPerTicket),
      });
      list.push({ id, subject });
      yield {
        tenantId,
        id,
        number: i + 1,
        subject,
        description,
        status,
        priority: random.weighted([
          ['low', 25],
          ['medium', 40],
          ['high', 25],
          ['urgent', 10],
        ] as const),
        type: random.weighted([
          ['support', 45],
          ['bug', 30],
          ['feature', 15],
          ['other', 10],
        ] as const),
        category,
        customerName: customer.name,
        customerEmail: customer.email,
        customerUserId: null,
        assignedAgentId: agent?.id ?? null,
        slaLevelId: level.id,
        tags: random.sample(
          ['vip', 'regression', 'onboarding', 'api', 'mobile', 'invoice'],
          random.int(0, 2),
        ),
        attachments: [],
        firstRespondedAt,
        resolvedAt,
        closedAt: status === 'closed' ? resolvedAt : null,
        firstResponseDueAt: running && !firstRespondedAt ? dueAfter(level.firstResponseHours) : null,
        resolutionDueAt: running ? dueAfter(level.resolutionHours) : null,
        slaPauses: waitingSince ? [{ from: waitingSince.toISOString(), to: null }] : [],
        createdAt,
        updatedAt: resolvedAt ?? firstRespondedAt ?? createdAt,
      };
    }
  }
  await loader.load(tickets, counts.tickets, ticketRows());

  // The customer opens the conversation; agent and customer then alternate, with the odd
  // internal note. The first agent message is the first response.
  await loader.load(
    ticketMessages,
    sum(plans, (t) => t.messages),
    expand(plans, (ticket) => {
      let at = ticket.createdAt;
      return Array.from({ length: ticket.messages }, (_, i) => {
        const fromAgent = i % 2 === 1 && ticket.firstRespondedAt !== null;
        const internal = fromAgent && random.chance(0.2);
        if (i === 1 && ticket.firstRespondedAt) at = ticket.firstRespondedAt;
        else if (i > 0) at = minDate(addHours(at, random.float(0.5, 30)), random.now);
        return {
          tenantId,
          id: random.uuid(),
          ticketId: ticket.id,
          authorUserId: null,
          authorName: fromAgent ? (ticket.agent?.name ?? '') : ticket.customer.name,
          body:
            i === 0
              ? ticket.description
              : random.pick(internal ? internalNotes : fromAgent ? agentReplies : customerReplies),
          internal,
          authorKind: fromAgent ? ('agent' as const) : ('customer' as const),
          createdAt: at,
          updatedAt: at,
        };
      });
    }),
  );
  return { tickets: list };
}
