import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import { defaultSlaTargets, type SlaTier, type TicketAuthorKind } from '@atrium/shared';
import { rowsOf } from '../../platform/db/results';

const { tickets, ticketMessages, ticketNumberCounters, slaLevels, employees } = schema;
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
};

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
>;

export type NewTicketMessage = {
  ticketId: string;
  authorUserId: string | null;
  authorName: string;
  authorKind: TicketAuthorKind;
  body: string;
  internal: boolean;
  createdAt?: Date;
};

const messageColumns = {
  id: ticketMessages.id,
  ticketId: ticketMessages.ticketId,
  authorKind: ticketMessages.authorKind,
  authorName: ticketMessages.authorName,
  authorUserId: ticketMessages.authorUserId,
  body: ticketMessages.body,
  internal: ticketMessages.internal,
  createdAt: ticketMessages.createdAt,
};

export type TicketMessageRow = {
  [K in keyof typeof messageColumns]: (typeof ticketMessages.$inferSelect)[K];
};

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

  async messages(db: Db, tenantId: string, ticketId: string): Promise<TicketMessageRow[]> {
    return db
      .select(messageColumns)
      .from(ticketMessages)
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

  /** A live employee of the workspace (an assignee must be one). */
  async isLiveEmployee(db: Db, tenantId: string, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.id, id), isNull(employees.deletedAt)));
    return row !== undefined;
  },

  async insert(tx: Tx, tenantId: string, values: NewTicket & { number: number }): Promise<string> {
    const [row] = await tx
      .insert(tickets)
      .values({ ...values, tenantId })
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
