import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';
import { articlesVisibleTo, type TicketStatus } from '@atrium/shared';

const { tickets, ticketMessages, memberships, users, knowledgeArticles, knowledgeDeflections } = schema;

/** Every read is of one customer's tickets: their user id is part of each query, never a filter added later. */
const ownTicket = (tenantId: string, customerUserId: string) =>
  and(eq(tickets.tenantId, tenantId), eq(tickets.customerUserId, customerUserId));

/** What the portal shows of a message: the public conversation, never a note (internal). */
const publicMessage = (tenantId: string, ticketId: string) =>
  and(
    eq(ticketMessages.tenantId, tenantId),
    eq(ticketMessages.ticketId, ticketId),
    eq(ticketMessages.internal, false),
  );

export const portalRepository = {
  /** My tickets: newest activity first, after the cursor's (updatedAt, id). */
  listTickets(
    db: Db,
    query: {
      tenantId: string;
      customerUserId: string;
      statuses: readonly TicketStatus[];
      limit: number;
      after?: { updatedAt: Date; id: string };
    },
  ) {
    const { after } = query;
    return db
      .select({
        id: tickets.id,
        number: tickets.number,
        subject: tickets.subject,
        status: tickets.status,
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .where(
        and(
          ownTicket(query.tenantId, query.customerUserId),
          inArray(tickets.status, [...query.statuses]),
          after
            ? sql`(${tickets.updatedAt}, ${tickets.id}) < (${after.updatedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(query.limit);
  },

  async ticket(db: Db, tenantId: string, customerUserId: string, id: string) {
    const [row] = await db
      .select({
        id: tickets.id,
        number: tickets.number,
        subject: tickets.subject,
        status: tickets.status,
        category: tickets.category,
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
        closedAt: tickets.closedAt,
      })
      .from(tickets)
      .where(and(ownTicket(tenantId, customerUserId), eq(tickets.id, id)));
    return row;
  },

  publicMessages(db: Db, tenantId: string, ticketId: string) {
    return db
      .select({
        id: ticketMessages.id,
        authorKind: ticketMessages.authorKind,
        authorName: ticketMessages.authorName,
        body: ticketMessages.body,
        html: ticketMessages.html,
        attachments: ticketMessages.attachments,
        createdAt: ticketMessages.createdAt,
      })
      .from(ticketMessages)
      .where(publicMessage(tenantId, ticketId))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  },

  /** A file of one of the ticket's public messages, by its storage key; a note's files are not the customer's. */
  async publicAttachment(db: Db, tenantId: string, ticketId: string, storageKey: string) {
    const [row] = await db
      .select({ attachments: ticketMessages.attachments })
      .from(ticketMessages)
      .where(
        and(
          publicMessage(tenantId, ticketId),
          sql`${ticketMessages.attachments} @> ${JSON.stringify([{ storageKey }])}::jsonb`,
        ),
      )
      .limit(1);
    return row?.attachments.find((file) => file.storageKey === storageKey);
  },

  async emailVerified(db: Db, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId));
    return row?.emailVerified ?? false;
  },

  /** One customer account of the workspace; undefined for anyone else (an agent, another workspace's). */
  async customer(db: Db, tenantId: string, userId: string) {
    const [row] = await db
      .select({ userId: users.id, name: users.name, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, tenantId),
          eq(memberships.userId, userId),
          eq(memberships.role, 'customer'),
          eq(memberships.status, 'active'),
        ),
      );
    return row;
  },

  /** Whether the article is one a customer may read (articlesVisibleTo): deflections count only those. */
  async customerMayRead(db: Db, tenantId: string, articleId: string): Promise<boolean> {
    const { status, visibility } = articlesVisibleTo('customer');
    const [row] = await db
      .select({ id: knowledgeArticles.id })
      .from(knowledgeArticles)
      .where(
        and(
          eq(knowledgeArticles.tenantId, tenantId),
          eq(knowledgeArticles.id, articleId),
          status ? eq(knowledgeArticles.status, status) : undefined,
          visibility ? eq(knowledgeArticles.visibility, visibility) : undefined,
        ),
      );
    return row !== undefined;
  },

  async insertDeflection(
    db: Db,
    row: { tenantId: string; articleId: string; customerUserId: string; query: string },
  ) {
    await db.insert(knowledgeDeflections).values(row);
  },

  async deflectionsSince(db: Db, tenantId: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(knowledgeDeflections)
      .where(and(eq(knowledgeDeflections.tenantId, tenantId), gte(knowledgeDeflections.createdAt, since)));
    return row?.n ?? 0;
  },
};
