import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import { satisfiedFrom } from '@atrium/shared';
import { rowsOf } from '../../platform/db/results';

const { ticketRatings, tickets, workspaces } = schema;

const ratingColumns = {
  id: ticketRatings.id,
  score: ticketRatings.score,
  comment: ticketRatings.comment,
  requestedAt: ticketRatings.createdAt,
  answeredAt: ticketRatings.answeredAt,
};

export type RatingRow = {
  id: string;
  score: number | null;
  comment: string;
  requestedAt: Date;
  answeredAt: Date | null;
};

/** One agent's answers in a period (the overview's CSAT). */
export type CsatRow = {
  agentId: string | null;
  agentName: string | null;
  answered: number;
  satisfied: number;
};

export const ticketRatingsRepository = {
  async insertRequest(tx: Tx, request: { tenantId: string; ticketId: string; agentId: string | null }) {
    const [row] = await tx.insert(ticketRatings).values(request).returning({ id: ticketRatings.id });
    return row!.id;
  },

  /** What the "How did we do?" email needs of the ticket and its workspace. */
  async mailFacts(tx: Tx, tenantId: string, ticketId: string) {
    const [row] = await tx
      .select({
        number: tickets.number,
        subject: tickets.subject,
        customerName: tickets.customerName,
        customerEmail: tickets.customerEmail,
        workspaceName: workspaces.name,
      })
      .from(tickets)
      .innerJoin(workspaces, eq(workspaces.id, tickets.tenantId))
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId)));
    return row!;
  },

  /** The ticket's latest request (ticket_ratings_ticket_idx). */
  async latest(db: Db | Tx, tenantId: string, ticketId: string): Promise<RatingRow | undefined> {
    const [row] = await db
      .select(ratingColumns)
      .from(ticketRatings)
      .where(and(eq(ticketRatings.tenantId, tenantId), eq(ticketRatings.ticketId, ticketId)))
      .orderBy(desc(ticketRatings.createdAt), desc(ticketRatings.id))
      .limit(1);
    return row;
  },

  /** A request found by a signed link's id alone: the link names no workspace. */
  async findForLink(db: Db, id: string) {
    const [row] = await db
      .select({
        ...ratingColumns,
        tenantId: ticketRatings.tenantId,
        ticketId: ticketRatings.ticketId,
        ticketNumber: tickets.number,
        customerName: tickets.customerName,
        ticketSubject: tickets.subject,
        workspaceName: workspaces.name,
      })
      .from(ticketRatings)
      .innerJoin(
        tickets,
        and(eq(tickets.tenantId, ticketRatings.tenantId), eq(tickets.id, ticketRatings.ticketId)),
      )
      .innerJoin(workspaces, eq(workspaces.id, ticketRatings.tenantId))
      .where(eq(ticketRatings.id, id));
    return row;
  },

  /** The one answer a request takes: false when it was already answered. */
  async answer(
    db: Db | Tx,
    answer: { tenantId: string; id: string; score: number; comment: string; answeredAt: Date },
  ) {
    const [row] = await db
      .update(ticketRatings)
      .set({
        score: answer.score,
        comment: answer.comment,
        answeredAt: answer.answeredAt,
        version: sql`${ticketRatings.version} + 1`,
      })
      .where(
        and(
          eq(ticketRatings.tenantId, answer.tenantId),
          eq(ticketRatings.id, answer.id),
          isNull(ticketRatings.answeredAt),
        ),
      )
      .returning({ id: ticketRatings.id });
    return row !== undefined;
  },

  /** The customer's own ticket, locked while it is rated; undefined for anyone else's. */
  async lockCustomerTicket(tx: Tx, tenantId: string, ticketId: string, userId: string) {
    const [row] = await tx
      .select({ id: tickets.id, status: tickets.status, assignedAgentId: tickets.assignedAgentId })
      .from(tickets)
      .where(
        and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId), eq(tickets.customerUserId, userId)),
      )
      .for('no key update');
    return row;
  },

  async customerTicket(db: Db, tenantId: string, ticketId: string, userId: string) {
    const [row] = await db
      .select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .where(
        and(eq(tickets.tenantId, tenantId), eq(tickets.id, ticketId), eq(tickets.customerUserId, userId)),
      );
    return row;
  },

  /** Answers since `since` per agent at resolution (ticket_ratings_answered_idx). */
  async csat(db: Db, tenantId: string, since: Date): Promise<CsatRow[]> {
    const result = await db.execute(sql`
      select r.agent_id as "agentId", e.first_name || ' ' || e.last_name as "agentName",
        count(*)::int as "answered", (count(*) filter (where r.score >= ${satisfiedFrom}))::int as "satisfied"
      from ticket_ratings r
      left join employees e on e.tenant_id = r.tenant_id and e.id = r.agent_id
      where r.tenant_id = ${tenantId} and r.answered_at >= ${since.toISOString()}::timestamptz
      group by 1, 2
      order by 2 nulls last`);
    return rowsOf<CsatRow>(result);
  },
};
