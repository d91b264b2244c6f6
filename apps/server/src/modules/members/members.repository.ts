import { and, asc, eq, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const { memberships, users, invitations, sessions } = schema;

/** What a member row's role and status may change to. */
export type MemberChanges = Partial<Pick<typeof memberships.$inferSelect, 'role' | 'status'>>;

const memberColumns = {
  id: memberships.id,
  userId: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  status: memberships.status,
  joinedAt: memberships.createdAt,
  version: memberships.version,
};

export const membersRepository = {
  list(db: Db, tenantId: string) {
    return db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, tenantId))
      .orderBy(asc(users.name), asc(memberships.id));
  },
  async find(db: Db | Tx, tenantId: string, id: string) {
    const [row] = await db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, tenantId), eq(memberships.id, id)));
    return row;
  },
  async findByEmail(db: Db, tenantId: string, email: string) {
    const [row] = await db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, tenantId), eq(users.email, email)));
    return row;
  },
  async countActiveAdmins(tx: Tx, tenantId: string) {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, tenantId),
          eq(memberships.role, 'admin'),
          eq(memberships.status, 'active'),
        ),
      );
    return row?.count ?? 0;
  },
  /** Applies the change only if the row still has `version`; undefined means someone changed it first. */
  async update(tx: Tx, change: { tenantId: string; id: string; version: number; changes: MemberChanges }) {
    const { tenantId, id, version, changes } = change;
    const [row] = await tx
      .update(memberships)
      .set({ ...changes, version: sql`${memberships.version} + 1` })
      .where(
        and(
          eq(memberships.organizationId, tenantId),
          eq(memberships.id, id),
          eq(memberships.version, version),
        ),
      )
      .returning({ id: memberships.id });
    return row;
  },
  /** Signs the user out of this workspace everywhere (their sessions working in it end). */
  async endSessionsIn(tx: Tx, tenantId: string, userId: string) {
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.activeOrganizationId, tenantId)));
  },
  listPendingInvitations(db: Db, tenantId: string) {
    return db
      .select({
        id: invitations.id,
        email: invitations.email,
        role: invitations.role,
        status: invitations.status,
        expiresAt: invitations.expiresAt,
        invitedBy: users.name,
      })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.inviterId))
      .where(and(eq(invitations.organizationId, tenantId), eq(invitations.status, 'pending')))
      .orderBy(asc(invitations.email));
  },
  async cancelPendingFor(tx: Tx, tenantId: string, email: string) {
    await tx
      .update(invitations)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(invitations.organizationId, tenantId),
          eq(invitations.email, email),
          eq(invitations.status, 'pending'),
        ),
      );
  },
  async insertInvitation(tx: Tx, values: typeof invitations.$inferInsert) {
    const [row] = await tx.insert(invitations).values(values).returning();
    return row!;
  },
  async cancelInvitation(db: Db, tenantId: string, id: string) {
    const [row] = await db
      .update(invitations)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(invitations.organizationId, tenantId),
          eq(invitations.id, id),
          eq(invitations.status, 'pending'),
        ),
      )
      .returning({ id: invitations.id });
    return row;
  },
};
