// Help desk (spec 1 "tickets, SLA tracking, customer portal"; spec 3 Ticket; spec 9 SLA tiers).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamptz, trigramIndex, tsvector, updatedAt, type FileAttachment } from './columns';
import {
  inboundMailOutcomeEnum,
  inboundMailSourceEnum,
  slaTierEnum,
  ticketAuthorKindEnum,
  ticketCategoryEnum,
  ticketPriorityEnum,
  ticketStatusEnum,
  ticketTypeEnum,
} from './enums';
import { employees } from './people';
import { foreignKeyIndex, tenantForeignKey, tenantId, tenantTable } from './tenant-table';

/**
 * Business hours the SLA clocks count (issue 21): a time zone, opening periods per weekday and days
 * off. Every workspace has one default calendar (spec 9: Monday to Friday, 09:00-17:00).
 */
export const businessCalendars = tenantTable(
  'business_calendars',
  {
    name: text().notNull(),
    timeZone: text().notNull(),
    /** Opening periods by weekday, '0' Sunday ... '6' Saturday: [{ start: '09:00', end: '17:00' }]. */
    periods: jsonb().$type<Record<string, { start: string; end: string }[]>>().notNull(),
    /** Days off, 'YYYY-MM-DD' in the calendar's zone. */
    holidays: jsonb().$type<string[]>().notNull().default([]),
    /** A country (and region), e.g. 'DE' or 'US-CA', whose public holidays are days off too. */
    holidayCountry: text(),
    isDefault: boolean().notNull().default(false),
  },
  (t) => [
    unique('business_calendars_name_unique').on(t.tenantId, t.name),
    uniqueIndex('business_calendars_default_idx')
      .on(t.tenantId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Spec 3 Ticket.slaLevel {name, firstResponseTime, resolutionTime}, one row per tier: the SLA
 * policy of the tier, counted in the business hours of its calendar (the default one when null).
 */
export const slaLevels = tenantTable(
  'sla_levels',
  {
    name: slaTierEnum().notNull(),
    firstResponseHours: smallint().notNull(),
    resolutionHours: smallint().notNull(),
    calendarId: uuid(),
    /** While a ticket has one of these statuses its clocks stand still (default: waiting on the customer). */
    pauseStatuses: ticketStatusEnum()
      .array()
      .notNull()
      .default(sql`'{pending}'`),
  },
  (t) => [
    unique('sla_levels_name_unique').on(t.tenantId, t.name),
    tenantForeignKey(t, 'calendarId', businessCalendars),
    foreignKeyIndex(t, 'calendarId'),
    check(
      'sla_levels_hours_check',
      sql`${t.firstResponseHours} > 0 and ${t.resolutionHours} >= ${t.firstResponseHours}`,
    ),
  ],
);

/** Agents grouped for routing (issue 21); new tickets may go round-robin within one team. */
export const supportTeams = tenantTable(
  'support_teams',
  {
    name: text().notNull(),
    /** Round-robin: the member who got the team's last ticket. */
    lastAssignedEmployeeId: uuid(),
  },
  (t) => [unique('support_teams_name_unique').on(t.tenantId, t.name)],
);

export const supportTeamMembers = pgTable(
  'support_team_members',
  {
    tenantId: tenantId().notNull(),
    teamId: uuid().notNull(),
    employeeId: uuid().notNull(),
    /** A team manager hears of the team's unassigned tickets nearing their SLA. */
    isManager: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.teamId, t.employeeId] }),
    tenantForeignKey(t, 'teamId', supportTeams).onDelete('cascade'),
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    foreignKeyIndex(t, 'employeeId'),
  ],
);

/**
 * Someone who wrote to the help desk (issue 21: a new sender becomes a customer contact). The email
 * is kept lower-case: one contact per address.
 */
export const customerContacts = tenantTable(
  'customer_contacts',
  {
    email: text().notNull(),
    name: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [unique('customer_contacts_email_unique').on(t.tenantId, t.email)],
);

export const tickets = tenantTable(
  'tickets',
  {
    /** The number customers quote ("#1042"), sequential per workspace. */
    number: integer().notNull(),
    subject: text().notNull(),
    description: text().notNull().default(''),
    status: ticketStatusEnum().notNull().default('open'),
    priority: ticketPriorityEnum().notNull().default('medium'),
    type: ticketTypeEnum().notNull().default('support'),
    category: ticketCategoryEnum().notNull().default('General Inquiry'),
    /**
     * The customer as they wrote in. A portal customer also has a user account; mail-in and
     * agent-entered tickets may not, so name and email are always stored.
     */
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    customerUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    assignedAgentId: uuid(),
    slaLevelId: uuid(),
    tags: text().array().notNull().default([]),
    attachments: jsonb().$type<FileAttachment[]>().notNull().default([]),
    /** The SLA clocks: first response and resolution, measured from createdAt. */
    firstRespondedAt: timestamptz(),
    resolvedAt: timestamptz(),
    /** When it was closed; cleared when it reopens (issue 21 status rules). */
    closedAt: timestamptz(),
    customerContactId: uuid(),
    teamId: uuid(),
    /**
     * The SLA clocks' due instants in business time (issue 21), null without an SLA tier, once met,
     * or while the clock is paused; slaPauses are the stretches it stood still ({ from, to } ISO).
     */
    firstResponseDueAt: timestamptz(),
    resolutionDueAt: timestamptz(),
    slaPauses: jsonb().$type<{ from: string; to: string | null }[]>().notNull().default([]),
    /**
     * The words of every message of the ticket, kept by the database as messages come, move and go
     * (migration 0019): the queue's search finds a word in a ticket's messages by one GIN index.
     */
    messageWords: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    tenantForeignKey(t, 'assignedAgentId', employees),
    tenantForeignKey(t, 'customerContactId', customerContacts),
    foreignKeyIndex(t, 'customerContactId'),
    tenantForeignKey(t, 'teamId', supportTeams),
    foreignKeyIndex(t, 'teamId'),
    // Breaching soon, the SLA page's tickets at risk and the overview's breaching count.
    index('tickets_first_response_due_idx')
      .on(t.tenantId, t.firstResponseDueAt)
      .where(sql`${t.firstResponseDueAt} is not null`),
    index('tickets_resolution_due_idx')
      .on(t.tenantId, t.resolutionDueAt)
      .where(sql`${t.resolutionDueAt} is not null`),
    tenantForeignKey(t, 'slaLevelId', slaLevels),
    foreignKeyIndex(t, 'slaLevelId'),
    // The queue sorted by number, and a search for "#1042".
    unique('tickets_number_unique').on(t.tenantId, t.number),
    // Queue search (issue 21): subject, the customer's name and email.
    trigramIndex('tickets_subject_trgm_idx', t.subject),
    trigramIndex('tickets_customer_name_trgm_idx', t.customerName),
    trigramIndex('tickets_customer_email_trgm_idx', t.customerEmail),
    index('tickets_message_words_idx').using('gin', t.messageWords),
    // The tag filter.
    index('tickets_tags_idx').using('gin', t.tags),
    // Queue keyset pages, newest first (ascending, read backwards): All tickets ...
    index('tickets_created_idx').on(t.tenantId, t.createdAt, t.id),
    // ... a status view or filter (All open, Pending, Closed); the dashboard's open-ticket KPI ...
    index('tickets_status_idx').on(t.tenantId, t.status, t.createdAt, t.id),
    // ... My open tickets and Unassigned (a null agent is a range too) ...
    index('tickets_agent_idx').on(t.tenantId, t.assignedAgentId, t.createdAt, t.id),
    // ... and the other sorts.
    index('tickets_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    index('tickets_priority_idx').on(t.tenantId, t.priority, t.createdAt, t.id),
    index('tickets_subject_idx').on(t.tenantId, t.subject, t.id),
    // Customer portal: the signed-in customer's tickets.
    index('tickets_customer_idx').on(t.tenantId, t.customerUserId, t.createdAt),
    // Dashboard Open Tickets a month ago: the unresolved by status and creation, and those
    // resolved since, each an index-only range.
    index('tickets_resolved_idx').on(t.tenantId, t.resolvedAt, t.status, t.createdAt),
  ],
);

export const ticketMessages = tenantTable(
  'ticket_messages',
  {
    ticketId: uuid().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Kept with the message: customers without accounts and deleted users still have names. */
    authorName: text().notNull(),
    body: text().notNull(),
    /** Internal notes are visible to agents only, never in the customer portal. */
    internal: boolean().notNull().default(false),
    authorKind: ticketAuthorKindEnum().notNull().default('customer'),
    /** The message as sanitised HTML, when it was written or received with formatting. */
    html: text(),
    /** Quoted history and signature folded away from a mail's body, kept to show on request. */
    quotedText: text(),
    attachments: jsonb().$type<FileAttachment[]>().notNull().default([]),
    /** The mail's Message-ID, in or out: replies find their ticket by it (In-Reply-To, References). */
    emailMessageId: text(),
    /** An agent's reply emailed to the customer: its outbox row, for the delivery state. */
    outboxId: uuid(),
  },
  (t) => [
    tenantForeignKey(t, 'ticketId', tickets).onDelete('cascade'),
    uniqueIndex('ticket_messages_email_message_id_idx')
      .on(t.tenantId, t.emailMessageId)
      .where(sql`${t.emailMessageId} is not null`),
    // Ticket conversation in order.
    index('ticket_messages_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt),
    // A note is written by an agent; a customer's message always reaches the conversation.
    check('ticket_messages_internal_check', sql`not ${t.internal} or ${t.authorKind} = 'agent'`),
  ],
);

/**
 * The last ticket number given out in each workspace. Allocating a number takes this row's lock
 * until the new ticket commits, so two tickets created at once never get the same number, and
 * numbers are not skipped the way a sequence skips them on a rollback.
 */
export const ticketNumberCounters = pgTable('ticket_number_counters', {
  tenantId: tenantId().notNull().primaryKey(),
  lastNumber: integer().notNull(),
});

/**
 * Every mail that reached the help desk (issue 21), whatever became of it: the same Message-ID is
 * taken once; a failed one keeps its raw message (file storage) for an admin, never dropped.
 */
export const inboundMail = tenantTable(
  'inbound_mail',
  {
    /** The mail's Message-ID, or a hash of its bytes when it has none. */
    messageId: text().notNull(),
    source: inboundMailSourceEnum().notNull(),
    fromAddress: text().notNull().default(''),
    subject: text().notNull().default(''),
    outcome: inboundMailOutcomeEnum().notNull(),
    /** Why it was ignored or failed. */
    reason: text(),
    ticketId: uuid(),
    sizeBytes: integer().notNull(),
    rawStorageKey: text(),
  },
  (t) => [
    unique('inbound_mail_message_id_unique').on(t.tenantId, t.messageId),
    tenantForeignKey(t, 'ticketId', tickets).onDelete('cascade'),
    foreignKeyIndex(t, 'ticketId'),
    // Settings -> Help desk: the failed (or any outcome's) mail, newest first.
    index('inbound_mail_outcome_idx').on(t.tenantId, t.outcome, t.createdAt),
  ],
);

/**
 * An IMAP mailbox the help desk polls (issue 21). The password is encrypted with a key derived
 * from AUTH_SECRET; uidValidity and lastUid make sure no message is fetched twice.
 */
export const helpdeskMailboxes = tenantTable(
  'helpdesk_mailboxes',
  {
    host: text().notNull(),
    port: integer().notNull(),
    tls: boolean().notNull().default(true),
    username: text().notNull(),
    passwordEncrypted: text().notNull(),
    folder: text().notNull().default('INBOX'),
    /** After a fetch the message is marked seen, or moved to this folder when set. */
    moveTo: text(),
    enabled: boolean().notNull().default(true),
    uidValidity: text(),
    lastUid: bigint({ mode: 'number' }).notNull().default(0),
    lastPolledAt: timestamptz(),
    lastError: text(),
  },
  (t) => [unique('helpdesk_mailboxes_account_unique').on(t.tenantId, t.host, t.username, t.folder)],
);

/** Saved replies with placeholders and actions, applied in one click (issue 21). */
export const ticketMacros = tenantTable(
  'ticket_macros',
  {
    name: text().notNull(),
    /** The reply, with {{ customer.name }}, {{ ticket.number }}, {{ agent.name }} placeholders. */
    body: text().notNull().default(''),
    /** What applying it sets: status, priority, assignee ('me', an employee id or null), tags to add. */
    actions: jsonb()
      .$type<{ status?: string; priority?: string; assignee?: string | null; addTags?: string[] }>()
      .notNull()
      .default({}),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [unique('ticket_macros_name_unique').on(t.tenantId, t.name)],
);

/** A workspace's help desk settings (issue 21); defaults apply until an admin saves them. */
export const helpdeskSettings = pgTable(
  'helpdesk_settings',
  {
    tenantId: tenantId().notNull().primaryKey(),
    /** Resolved tickets close themselves after this many days. */
    autoCloseAfterDays: smallint().notNull().default(7),
    /** New tickets go round-robin to this team's members; none when null. */
    roundRobinTeamId: uuid(),
    /** The public help centre (/help/<slug>) answers; off, it is a 404 (issue 22). */
    helpCentreEnabled: boolean().notNull().default(true),
    /** Visitors of the help centre may sign up as customers (their email verified first). */
    customerSignUp: boolean().notNull().default(false),
    /** A published article unreviewed for this many months reminds its author. */
    reviewAfterMonths: smallint().notNull().default(6),
    version: integer().notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantForeignKey(t, 'roundRobinTeamId', supportTeams),
    check('helpdesk_settings_auto_close_check', sql`${t.autoCloseAfterDays} between 1 and 365`),
    check('helpdesk_settings_review_check', sql`${t.reviewAfterMonths} between 1 and 36`),
  ],
);

/**
 * Satisfaction (issue 22): asked of the customer each time a ticket is resolved, answered once
 * (1-5 and a comment) in the portal or through a signed link in the email. The agent is the
 * assignee at resolution, whose CSAT it counts toward.
 */
export const ticketRatings = tenantTable(
  'ticket_ratings',
  {
    ticketId: uuid().notNull(),
    agentId: uuid(),
    score: smallint(),
    comment: text().notNull().default(''),
    answeredAt: timestamptz(),
  },
  (t) => [
    tenantForeignKey(t, 'ticketId', tickets).onDelete('cascade'),
    tenantForeignKey(t, 'agentId', employees),
    // A ticket's ratings, latest first.
    index('ticket_ratings_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt),
    // The overview's CSAT per period and agent.
    index('ticket_ratings_answered_idx')
      .on(t.tenantId, t.answeredAt)
      .where(sql`${t.answeredAt} is not null`),
    check('ticket_ratings_score_check', sql`${t.score} between 1 and 5`),
  ],
);
