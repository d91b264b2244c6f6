// Help desk (spec 1 "tickets, SLA tracking, customer portal"; spec 3 Ticket; spec 9 SLA tiers).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamptz, trigramIndex, type FileAttachment } from './columns';
import {
  slaTierEnum,
  ticketAuthorKindEnum,
  ticketCategoryEnum,
  ticketPriorityEnum,
  ticketStatusEnum,
  ticketTypeEnum,
} from './enums';
import { employees } from './people';
import { foreignKeyIndex, tenantForeignKey, tenantId, tenantTable } from './tenant-table';

/** Spec 3 Ticket.slaLevel {name, firstResponseTime, resolutionTime}, one row per tier. */
export const slaLevels = tenantTable(
  'sla_levels',
  {
    name: slaTierEnum().notNull(),
    firstResponseHours: smallint().notNull(),
    resolutionHours: smallint().notNull(),
  },
  (t) => [
    unique('sla_levels_name_unique').on(t.tenantId, t.name),
    check(
      'sla_levels_hours_check',
      sql`${t.firstResponseHours} > 0 and ${t.resolutionHours} >= ${t.firstResponseHours}`,
    ),
  ],
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
  },
  (t) => [
    tenantForeignKey(t, 'assignedAgentId', employees),
    tenantForeignKey(t, 'slaLevelId', slaLevels),
    foreignKeyIndex(t, 'slaLevelId'),
    // The queue sorted by number, and a search for "#1042".
    unique('tickets_number_unique').on(t.tenantId, t.number),
    // Queue search (issue 21): subject, the customer's name and email.
    trigramIndex('tickets_subject_trgm_idx', t.subject),
    trigramIndex('tickets_customer_name_trgm_idx', t.customerName),
    trigramIndex('tickets_customer_email_trgm_idx', t.customerEmail),
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
  },
  (t) => [
    tenantForeignKey(t, 'ticketId', tickets).onDelete('cascade'),
    // Ticket conversation in order.
    index('ticket_messages_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt),
    // Queue search over message text (issue 21).
    trigramIndex('ticket_messages_body_trgm_idx', t.body),
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
