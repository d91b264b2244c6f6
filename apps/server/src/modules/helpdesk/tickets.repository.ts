import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import { defaultSlaTargets, type MailStatus, type SlaTier, type TicketAuthorKind } from '@atrium/shared';
import { rowsOf } from '../../platform/db/results';

const {
  tickets,
  ticketMessages,
  ticketNumberCounters,
  slaLevels,
  employees,
  mailOutbox,
  businessCalendars,
  workspaces,
  helpdeskSettings,
  memberships,
  users,
} = schema;
export const assignee = alias(employees, 'assignee');

/** A ticket as a queue row shows it: its own columns, its assignee's name and its SLA tier. */
export const ticketColumns = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  status: tickets.status,
  priority: tickets.priority,
  type: tickets.type,
  category: tickets.category,
  customerName: tickets.customerName,
  customerEmail: tickets.customerEmail,
  assignedAgentId: tickets.assignedAgentId,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeAvatarUrl: assignee.avatarUrl,
  slaTier: slaLevels.name,
  tags: tickets.tags,
  firstRespondedAt: tickets.firstRespondedAt,
  resolvedAt: tickets.resolvedAt,
  closedAt: tickets.closedAt,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  version: tickets.version,
  // The SLA clocks (sla-time.ts): the tier's targets, the pauses, the due times, and the calendar
  // counted: the tier's, else the default one, else the workspace's zone (spec 9's hours apply).
  firstResponseDueAt: tickets.firstResponseDueAt,
  resolutionDueAt: tickets.resolutionDueAt,
  slaPauses: tickets.slaPauses,
  slaFirstResponseHours: slaLevels.firstResponseHours,
  slaResolutionHours: slaLevels.resolutionHours,
  slaCalendar: sql<SlaCalendarColumn>`case when ${slaLevels.id} is null then null else coalesce(
    (select json_build_object('timeZone', c.time_zone, 'periods', c.periods, 'holidays', c.holidays,
        'holidayCountry', c.holiday_country)
      from ${businessCalendars} c where c.tenant_id = ${tickets.tenantId}
        and (c.id = ${slaLevels.calendarId} or (${slaLevels.calendarId} is null and c.is_default))),
    (select json_build_object('timeZone', w.time_zone) from ${workspaces} w where w.id = ${tickets.tenantId})
  ) end`,
};

/** A ticket's SLA calendar as stored, or only the workspace's time zone before it has one. */
export type SlaCalendarColumn = {
  timeZone: string;
  periods?: Record<string, { start: string; end: string }[]>;
  holidays?: string[];
  holidayCountry?: string | null;
} | null;

/** Tickets with their assignee and SLA tier (a queue row). */
export const selectTickets = (db: Db | Tx) =>
  db
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(
      assignee,
      and(eq(assignee.tenantId, tickets.tenantId), eq(assignee.id, tickets.assignedAgentId)),
    )
    .leftJoin(slaLevels, and(eq(slaLevels.tenantId, tickets.tenantId), eq(slaLevels.id, tickets.slaLevelId)));

export type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

/** What a change may set on a ticket; the status rules fill in the instants. */
export type TicketChanges = Partial<
  Pick<
    typeof tickets.$inferSelect,
    | 'status'
    | 'priority'
    | 'type'
    | 'category'
    | 'tags'
    | 'assignedAgentId'
    | 'slaLevelId'
    | 'firstRespondedAt'
    | 'resolvedAt'
    | 'closedAt'
  >
>;

export type NewTicket = Pick<
  typeof tickets.$inferInsert,
  | 'subject'
  | 'description'
  | 'priority'
  | 'type'
  | 'category'
  | 'customerName'
  | 'customerEmail'
  | 'assignedAgentId'
  | 'slaLevelId'
  | 'tags'
  | 'createdAt'
  | 'customerContactId'
  | 'customerUserId'
  | 'attachments'
  | 'teamId'
>;

export type NewTicketMessage = {
  ticketId: string;
  authorUserId: string | null;
  authorName: string;
  authorKind: TicketAuthorKind;
  body: string;
  internal: boolean;
  createdAt?: Date;
} & Partial<
  Pick<
    typeof ticketMessages.$inferInsert,
    'html' | 'quotedText' | 'attachments' | 'emailMessageId' | 'outboxId'
  >
>;

const messageColumns = {
  id: ticketMessages.id,
  ticketId: ticketMessages.ticketId,
  authorKind: ticketMessages.authorKind,
  authorName: ticketMessages.authorName,
  authorUserId: ticketMessages.authorUserId,
  body: ticketMessages.body,
  html: ticketMessages.html,
  quotedText: ticketMessages.quotedText,
  attachments: ticketMessages.attachments,
  internal: ticketMessages.internal,
  emailMessageId: ticketMessages.emailMessageId,
  outboxId: ticketMessages.outboxId,
  createdAt: ticketMessages.createdAt,
};

export type TicketMessageRow = {
  [K in keyof typeof messageColumns]: (typeof ticketMessages.$inferSelect)[K];
} & { delivery?: MailStatus | 'outbox' | null };

export const ticketsRepository = {
  async find(db: Db | Tx, tenantId: string, id: string): Promise<TicketRow | undefined> {
    const [row] = await selectTickets(db).where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
    return row;
  },

  /** A ticket with what its page adds to a queue row. */
  async findDetails(db: Db, tenantId: string, id: string) {
    const [row] = await db
      .select({ ...ticketColumns, description: tickets.description, attachments: tickets.attachments })
      .from(tickets)
      .leftJoin(
        assignee,
        and(eq(assignee.tenantId, tickets.tenantId), eq(assignee.id, tickets.assignedAgentId)),
      )
      .leftJoin(
        slaLevels,
        and(eq(slaLevels.tenantId, tickets.tenantId), eq(slaLevels.id, tickets.slaLevelId)),
      )
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
    return row;
  },

  /**
   * The tickets among `ids`, locked until the transaction ends (a bulk change reads and writes
   * them), in id order so that two bulk changes never deadlock.
   */
  lockMany(tx: Tx, tenantId: string, ids: readonly string[]) {
    return tx
      .select({
        id: tickets.id,
        number: tickets.number,
        subject: tickets.subject,
        customerName: tickets.customerName,
        customerEmail: tickets.customerEmail,
        customerUserId: tickets.customerUserId,
        status: tickets.status,
        priority: tickets.priority,
        type: tickets.type,
        category: tickets.category,
        tags: tickets.tags,
        assignedAgentId: tickets.assignedAgentId,
        slaTier: slaLevels.name,
        firstRespondedAt: tickets.firstRespondedAt,
        resolvedAt: tickets.resolvedAt,
        closedAt: tickets.closedAt,
      })
      .from(tickets)
      .leftJoin(
        slaLevels,
        and(eq(slaLevels.tenantId, tickets.tenantId), eq(slaLevels.id, tickets.slaLevelId)),
      )
      .where(and(eq(tickets.tenantId, tenantId), inArray(tickets.id, [...ids])))
      .orderBy(asc(tickets.id))
      .for('no key update', { of: tickets });
  },

  /** The ticket's row locked until the transaction ends: a message and its status rules apply in turn. */
  async lock(tx: Tx, tenantId: string, id: string) {
    const [row] = await ticketsRepository.lockMany(tx, tenantId, [id]);
    return row;
  },

  /** The ticket's version as it is now; undefined when there is no such ticket. */
  async version(db: Db | Tx, tenantId: string, id: string): Promise<number | undefined> {
    const [row] = await db
      .select({ version: tickets.version })
      .from(tickets)
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, id)));
    return row?.version;
  },

  /** The conversation in order, each emailed reply with its delivery state. */
  /** A file that came with one of the ticket's messages, by its storage key. */
  async attachment(db: Db, tenantId: string, ticketId: string, storageKey: string) {
    const [row] = await db
      .select({ attachments: ticketMessages.attachments })
      .from(ticketMessages)
      .where(
        and(
          eq(ticketMessages.tenantId, tenantId),
          eq(ticketMessages.ticketId, ticketId),
          sql`${ticketMessages.attachments} @> ${JSON.stringify([{ storageKey }])}::jsonb`,
        ),
      )
      .limit(1);
    return row?.attachments.find((file) => file.storageKey === storageKey);
  },

  /** Every Message-ID of a ticket's mail, oldest first: the References of the next reply. */
  async emailThread(tx: Tx, tenantId: string, ticketId: string) {
    return tx
      .select({ emailMessageId: ticketMessages.emailMessageId, authorKind: ticketMessages.authorKind })
      .from(ticketMessages)
      .where(
        and(
          eq(ticketMessages.tenantId, tenantId),
          eq(ticketMessages.ticketId, ticketId),
          isNotNull(ticketMessages.emailMessageId),
        ),
      )
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  },

  async messages(db: Db, tenantId: string, ticketId: string): Promise<TicketMessageRow[]> {
    return db
      .select({
        ...messageColumns,
        // Without SMTP the outbox is where mail stays: say so rather than "sent".
        delivery: sql<
          MailStatus | 'outbox' | null
        >`case when ${mailOutbox.transport} = 'outbox' then 'outbox' else ${mailOutbox.status}::text end`,
      })
      .from(ticketMessages)
      .leftJoin(mailOutbox, eq(mailOutbox.id, ticketMessages.outboxId))
      .where(and(eq(ticketMessages.tenantId, tenantId), eq(ticketMessages.ticketId, ticketId)))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  },

  /**
   * The workspace's next ticket number. The counter row stays locked until the transaction ends, so
   * concurrent creations take turns. A workspace without a counter yet (or whose tickets were
   * loaded behind its back, as the sample data is) continues after its highest number.
   */
  async nextNumber(tx: Tx, tenantId: string): Promise<number> {
    const result = await tx.execute(sql`
      insert into ${ticketNumberCounters} (tenant_id, last_number)
      values (${tenantId}, (select coalesce(max(number), 0) + 1 from ${tickets} where tenant_id = ${tenantId}))
      on conflict (tenant_id) do update
        set last_number = greatest(${ticketNumberCounters}.last_number + 1, excluded.last_number)
      returning last_number as "number"`);
    return rowsOf<{ number: number }>(result)[0]!.number;
  },

  /**
   * The workspace's level of an SLA tier; a tier not set up yet starts with the spec's targets
   * (defaultSlaTargets) until the SLA page edits them.
   */
  async slaLevelId(tx: Tx, tenantId: string, tier: SlaTier): Promise<string> {
    await tx
      .insert(slaLevels)
      .values({ tenantId, name: tier, ...defaultSlaTargets[tier] })
      .onConflictDoNothing({ target: [slaLevels.tenantId, slaLevels.name] });
    const [row] = await tx
      .select({ id: slaLevels.id })
      .from(slaLevels)
      .where(and(eq(slaLevels.tenantId, tenantId), eq(slaLevels.name, tier)));
    return row!.id;
  },

  /**
   * A ticket for an address that is a customer account of the workspace belongs to that account,
   * whoever entered it (an agent, mail): it shows in their portal (issue 22).
   */
  async insert(tx: Tx, tenantId: string, values: NewTicket & { number: number }): Promise<string> {
    const customerAccount = sql`(select ${users.id} from ${users}
      join ${memberships} on ${memberships.userId} = ${users.id}
        and ${memberships.organizationId} = ${tenantId}
        and ${memberships.role} = 'customer' and ${memberships.status} = 'active'
      where ${users.email} = ${values.customerEmail.toLowerCase()} limit 1)`;
    const [row] = await tx
      .insert(tickets)
      .values({ ...values, tenantId, customerUserId: values.customerUserId ?? customerAccount })
      .returning({ id: tickets.id });
    return row!.id;
  },

  async insertMessage(tx: Tx, tenantId: string, message: NewTicketMessage): Promise<TicketMessageRow> {
    const [row] = await tx
      .insert(ticketMessages)
      .values({ ...message, tenantId })
      .returning(messageColumns);
    return row!;
  },

  /** Merging (issue 21): every message of one ticket moves to another; the number moved. */
  async moveMessages(tx: Tx, tenantId: string, fromTicketId: string, toTicketId: string): Promise<number> {
    const moved = await tx
      .update(ticketMessages)
      .set({ ticketId: toTicketId, version: sql`${ticketMessages.version} + 1` })
      .where(and(eq(ticketMessages.tenantId, tenantId), eq(ticketMessages.ticketId, fromTicketId)))
      .returning({ id: ticketMessages.id });
    return moved.length;
  },

  /**
   * Closes, across every workspace, up to `limit` tickets resolved longer ago than the workspace's
   * auto-close days (`defaultDays` where it saved no settings); the tickets closed.
   */
  async closeResolved(db: Db, query: { now: Date; defaultDays: number; limit: number }) {
    const now = query.now.toISOString();
    const result = await db.execute(sql`
      with due as (
        select t.tenant_id, t.id, coalesce(s.auto_close_after_days, ${query.defaultDays}) as days
        from ${tickets} t
        left join ${helpdeskSettings} s on s.tenant_id = t.tenant_id
        where t.status = 'resolved'
          and t.resolved_at < ${now}::timestamptz
            - make_interval(days => coalesce(s.auto_close_after_days, ${query.defaultDays}))
        limit ${query.limit}
      )
      update ${tickets}
      set status = 'closed', closed_at = ${now}::timestamptz, updated_at = ${now}::timestamptz,
        version = ${tickets.version} + 1
      from due
      where ${tickets.tenantId} = due.tenant_id and ${tickets.id} = due.id
      returning ${tickets.tenantId} as "tenantId", ${tickets.id} as id, ${tickets.number} as number,
        ${tickets.subject} as subject, due.days as days`);
    return rowsOf<{ tenantId: string; id: string; number: number; subject: string; days: number }>(result);
  },

  /**
   * Applies the change if the ticket still has `version` (any when undefined); undefined if not.
   * Every change moves updatedAt (the queue's "updated" sort) and the version.
   */
  async update(
    tx: Tx,
    change: { tenantId: string; id: string; version: number | undefined; changes: TicketChanges },
  ) {
    const { tenantId, id, version, changes } = change;
    const [row] = await tx
      .update(tickets)
      .set({ ...changes, version: sql`${tickets.version} + 1` })
      .where(
        and(
          eq(tickets.tenantId, tenantId),
          eq(tickets.id, id),
          version === undefined ? undefined : eq(tickets.version, version),
        ),
      )
      .returning({ id: tickets.id });
    return row;
  },
};
