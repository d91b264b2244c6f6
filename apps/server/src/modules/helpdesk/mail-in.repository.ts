import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import type { InboundMailOutcome, InboundMailSource } from '@atrium/shared';

const { inboundMail, ticketMessages, tickets, customerContacts, workspaces } = schema;

export type InboundMailRow = typeof inboundMail.$inferSelect;

export const mailInRepository = {
  /**
   * Claims a Message-ID for the workspace: the row's id, or undefined when the same message was
   * taken before (it is then stored once). A concurrent delivery of the same message waits on the
   * unique key until the first one's transaction ends.
   */
  async claim(
    tx: Tx,
    values: {
      tenantId: string;
      messageId: string;
      source: InboundMailSource;
      fromAddress: string;
      subject: string;
      sizeBytes: number;
      outcome: InboundMailOutcome;
      reason?: string | null;
      rawStorageKey?: string | null;
    },
  ): Promise<string | undefined> {
    const [row] = await tx
      .insert(inboundMail)
      .values(values)
      .onConflictDoNothing({ target: [inboundMail.tenantId, inboundMail.messageId] })
      .returning({ id: inboundMail.id });
    return row?.id;
  },

  async isTaken(db: Db, tenantId: string, messageId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: inboundMail.id })
      .from(inboundMail)
      .where(and(eq(inboundMail.tenantId, tenantId), eq(inboundMail.messageId, messageId)));
    return row !== undefined;
  },

  async settle(
    tx: Tx,
    tenantId: string,
    id: string,
    outcome: { outcome: InboundMailOutcome; ticketId?: string | null; reason?: string | null },
  ) {
    await tx
      .update(inboundMail)
      .set({ ...outcome, version: sql`${inboundMail.version} + 1` })
      .where(and(eq(inboundMail.tenantId, tenantId), eq(inboundMail.id, id)));
  },

  /** The ticket a reply belongs to: the newest message among `messageIds` that is one of ours. */
  async ticketOfThread(tx: Tx, tenantId: string, messageIds: readonly string[]) {
    if (messageIds.length === 0) return undefined;
    const [row] = await tx
      .select({ ticketId: ticketMessages.ticketId })
      .from(ticketMessages)
      .where(
        and(eq(ticketMessages.tenantId, tenantId), inArray(ticketMessages.emailMessageId, [...messageIds])),
      )
      .orderBy(desc(ticketMessages.createdAt))
      .limit(1);
    return row?.ticketId;
  },

  /** The ticket a subject's "[#n]" names, when the sender is its customer. */
  async ticketByNumberFor(tx: Tx, tenantId: string, number: number, customerEmail: string) {
    const [row] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.tenantId, tenantId),
          eq(tickets.number, number),
          sql`lower(${tickets.customerEmail}) = ${customerEmail.toLowerCase()}`,
        ),
      );
    return row?.id;
  },

  /** The contact for an address, made on first contact (issue 21: a new sender becomes a contact). */
  async contactFor(
    tx: Tx,
    tenantId: string,
    email: string,
    name: string,
  ): Promise<{ id: string; name: string }> {
    const address = email.toLowerCase();
    await tx
      .insert(customerContacts)
      .values({ tenantId, email: address, name })
      .onConflictDoNothing({ target: [customerContacts.tenantId, customerContacts.email] });
    const [row] = await tx
      .select({ id: customerContacts.id, name: customerContacts.name })
      .from(customerContacts)
      .where(and(eq(customerContacts.tenantId, tenantId), eq(customerContacts.email, address)));
    return row!;
  },

  /** Settings -> Help desk: received mail, newest first, optionally of one outcome. */
  list(
    db: Db,
    tenantId: string,
    query: {
      outcome?: InboundMailOutcome | undefined;
      limit: number;
      before?: { createdAt: Date; id: string };
    },
  ) {
    const { before } = query;
    return db
      .select({
        id: inboundMail.id,
        messageId: inboundMail.messageId,
        source: inboundMail.source,
        fromAddress: inboundMail.fromAddress,
        subject: inboundMail.subject,
        outcome: inboundMail.outcome,
        reason: inboundMail.reason,
        ticketId: inboundMail.ticketId,
        ticketNumber: tickets.number,
        sizeBytes: inboundMail.sizeBytes,
        hasRaw: sql<boolean>`${inboundMail.rawStorageKey} is not null`,
        createdAt: inboundMail.createdAt,
      })
      .from(inboundMail)
      .leftJoin(
        tickets,
        and(eq(tickets.tenantId, inboundMail.tenantId), eq(tickets.id, inboundMail.ticketId)),
      )
      .where(
        and(
          eq(inboundMail.tenantId, tenantId),
          query.outcome ? eq(inboundMail.outcome, query.outcome) : undefined,
          before
            ? or(
                lt(inboundMail.createdAt, before.createdAt),
                and(eq(inboundMail.createdAt, before.createdAt), lt(inboundMail.id, before.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(inboundMail.createdAt), desc(inboundMail.id))
      .limit(query.limit);
  },

  async find(db: Db | Tx, tenantId: string, id: string): Promise<InboundMailRow | undefined> {
    const [row] = await db
      .select()
      .from(inboundMail)
      .where(and(eq(inboundMail.tenantId, tenantId), eq(inboundMail.id, id)));
    return row;
  },

  async remove(db: Db, tenantId: string, id: string) {
    await db.delete(inboundMail).where(and(eq(inboundMail.tenantId, tenantId), eq(inboundMail.id, id)));
  },

  /** The workspace whose inbound address has this local part. */
  async workspaceForSlug(db: Db, slug: string): Promise<string | null> {
    const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug));
    return row?.id ?? null;
  },

  async slugOf(db: Db | Tx, tenantId: string): Promise<string> {
    const [row] = await db
      .select({ slug: workspaces.slug })
      .from(workspaces)
      .where(eq(workspaces.id, tenantId));
    return row!.slug;
  },
};
