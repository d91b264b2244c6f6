import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, schema, type Db, type Tx } from '@atrium/db';
import { can, roles, type Action } from '@atrium/shared';

const { memberships, workspaces, employees, sessions, users, tickets } = schema;

export const workspaceMembership = {
  membershipId: memberships.id,
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
  slug: workspaces.slug,
  trialEndsAt: workspaces.trialEndsAt,
  role: memberships.role,
  timeZone: workspaces.timeZone,
  weekStart: workspaces.weekStart,
  weeklyHours: workspaces.weeklyHours,
};

/**
 * Employees whose member account is active in a role that may do `action`: ticket assignees and
 * support team members are those who may `helpdesk:view` (issue 21).
 */
export function employeesWhoMay(action: Action): SQL {
  const allowed = roles.filter((role) => can(role, action));
  return sql`exists (select 1 from ${memberships} m where m.organization_id = ${employees.tenantId}
    and m.user_id = ${employees.userId} and m.status = 'active'
    and m.role in (${sql.join(
      allowed.map((role) => sql`${role}`),
      sql`, `,
    )}))`;
}

export type WorkspaceMembership = Awaited<ReturnType<typeof membershipRepository.listActive>>[number];

/**
 * Everything a request needs to know about who is asking, in one statement: the session by its
 * token, its user, and each active membership with the workspace's settings and the user's employee
 * record there.
 */
const sessionMembersStatement = preparedPerDatabase((db) =>
  db
    .select({
      membership: workspaceMembership,
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
      sessionExpiresAt: sessions.expiresAt,
      activeWorkspaceId: sessions.activeOrganizationId,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      employeeId: employees.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.status, 'active')))
    .innerJoin(workspaces, eq(workspaces.id, memberships.organizationId))
    .leftJoin(
      employees,
      and(eq(employees.tenantId, memberships.organizationId), eq(employees.userId, sessions.userId)),
    )
    .where(eq(sessions.token, sql.placeholder('token')))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .prepare('session_members'),
);

export const membershipRepository = {
  /** The user's active memberships, oldest first (the first is the default workspace). */
  listActive(db: Db, userId: string) {
    return db
      .select(workspaceMembership)
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.organizationId))
      .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
      .orderBy(asc(memberships.createdAt), asc(memberships.id));
  },
  /** One row per active membership of the session's user; none when the token is unknown. */
  sessionMembers(db: Db, token: string) {
    return sessionMembersStatement(db).execute({ token });
  },
  async employeeIdOf(db: Db, tenantId: string, userId: string): Promise<string | null> {
    const [row] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.userId, userId)));
    return row?.id ?? null;
  },
  async setActiveWorkspace(db: Db, sessionId: string, workspaceId: string) {
    await db.update(sessions).set({ activeOrganizationId: workspaceId }).where(eq(sessions.id, sessionId));
  },
  /** Right after sign-up or sign-in we know the session by its token only. */
  async setActiveWorkspaceByToken(db: Db, token: string, workspaceId: string) {
    await db.update(sessions).set({ activeOrganizationId: workspaceId }).where(eq(sessions.token, token));
  },
  async deleteSession(db: Db, sessionId: string) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  },
  async deleteSessionsOf(db: Db, userId: string) {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  },
  /** Signs out every session of the accounts with these addresses. */
  async deleteSessionsOfEmails(db: Db, emails: readonly string[]) {
    await db.delete(sessions).where(
      inArray(
        sessions.userId,
        db
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.email, [...emails])),
      ),
    );
  },
  /**
   * Issue 22: a customer's tickets from before they had an account become theirs once their address
   * is proven (an accepted invitation, a confirmed sign-up), in the workspaces where they are a
   * customer, or only in `tenantId`.
   */
  async linkCustomerTickets(db: Db | Tx, user: { id: string; email: string }, tenantId?: string) {
    await db
      .update(tickets)
      // Bookkeeping, not an edit: the tickets keep their last activity (updatedAt would move to now).
      .set({ customerUserId: user.id, updatedAt: sql`${tickets.updatedAt}` })
      .where(
        and(
          sql`lower(${tickets.customerEmail}) = ${user.email.toLowerCase()}`,
          isNull(tickets.customerUserId),
          inArray(
            tickets.tenantId,
            db
              .select({ id: memberships.organizationId })
              .from(memberships)
              .where(
                and(
                  eq(memberships.userId, user.id),
                  eq(memberships.role, 'customer'),
                  eq(memberships.status, 'active'),
                  tenantId ? eq(memberships.organizationId, tenantId) : undefined,
                ),
              ),
          ),
        ),
      );
  },
  async emailOf(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email;
  },
};
