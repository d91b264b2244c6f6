import { and, asc, eq } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { memberships, workspaces, employees, sessions } = schema;

const workspaceMembership = {
  membershipId: memberships.id,
  workspaceId: workspaces.id,
  workspaceName: workspaces.name,
  slug: workspaces.slug,
  trialEndsAt: workspaces.trialEndsAt,
  role: memberships.role,
};

export type WorkspaceMembership = Awaited<ReturnType<typeof membershipRepository.listActive>>[number];

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
};
