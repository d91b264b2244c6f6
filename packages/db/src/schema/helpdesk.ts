// Help desk (spec 1 "tickets, SLA tracking, customer portal"; spec 3 Ticket; spec 9 SLA tiers).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { timestamptz, trigramIndex, type FileAttachment } from './columns';
import {
  slaTierEnum,
  ticketCategoryEnum,
  ticketPriorityEnum,
  ticketStatusEnum,
  ticketTypeEnum,
} from './enums';
import { employees } from './people';
import { foreignKeyIndex, tenantForeignKey, tenantTable } from './tenant-table';

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
  },
  (t) => [
    tenantForeignKey(t, 'assignedAgentId', employees),
    tenantForeignKey(t, 'slaLevelId', slaLevels),
    foreignKeyIndex(t, 'slaLevelId'),
    unique('tickets_number_unique').on(t.tenantId, t.number),
    // Ticket search by subject.
    trigramIndex('tickets_subject_trgm_idx', t.subject),
    // Ticket queue: status filter, newest first; open-ticket KPI on the dashboard.
    index('tickets_status_idx').on(t.tenantId, t.status, t.createdAt),
    // "Assigned to me" queue for agents.
    index('tickets_agent_idx').on(t.tenantId, t.assignedAgentId, t.status),
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
  },
  (t) => [
    tenantForeignKey(t, 'ticketId', tickets).onDelete('cascade'),
    // Ticket conversation in order.
    index('ticket_messages_ticket_idx').on(t.tenantId, t.ticketId, t.createdAt),
  ],
);
