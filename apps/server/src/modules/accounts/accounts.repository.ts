import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';
import type { Role } from '@atrium/shared';

const { users, workspaces, memberships, employees, invitations, tickets } = schema;

/** The employee record a new member gets when the directory has none with their email. */
export type NewEmployee = Pick<
  typeof employees.$inferSelect,
  'firstName' | 'lastName' | 'email' | 'department' | 'jobTitle'
>;

/** A person of one workspace with an account: the user and the address the workspace knows them by. */
type PersonLink = { tenantId: string; userId: string; email: string };

export const accountsRepository = {
  async findUserByEmail(db: Db | Tx, email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    return user;
  },
  async deleteUser(db: Db, userId: string) {
    await db.delete(users).where(eq(users.id, userId));
  },
  async markEmailVerified(db: Db, userId: string) {
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  },
  async insertWorkspace(
    tx: Tx,
    values: Pick<typeof workspaces.$inferSelect, 'name' | 'slug' | 'trialEndsAt'>,
  ) {
    const [workspace] = await tx.insert(workspaces).values(values).returning();
    return workspace!;
  },
  async slugTaken(db: Db | Tx, slug: string) {
    const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug));
    return row !== undefined;
  },
  async findWorkspaceBySlug(db: Db, slug: string) {
    const [workspace] = await db.select().from(workspaces).where(eq(workspaces.slug, slug));
    return workspace;
  },
  /** Whether the user was ever a member (active or deactivated) of the workspace. */
  async hasMembership(db: Db, tenantId: string, userId: string) {
    const [membership] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.organizationId, tenantId), eq(memberships.userId, userId)));
    return membership !== undefined;
  },
  /** Adds or re-activates the user's membership with this role. */
  async upsertMembership(
    tx: Db | Tx,
    { tenantId, userId, role }: { tenantId: string; userId: string; role: Role },
  ) {
    const [membership] = await tx
      .insert(memberships)
      .values({ organizationId: tenantId, userId, role })
      .onConflictDoUpdate({
        target: [memberships.organizationId, memberships.userId],
        set: { role, status: 'active', version: sql`${memberships.version} + 1` },
      })
      .returning();
    return membership!;
  },
  /**
   * Gives the user the workspace's live employee record with their email, if there is one (people
   * added to the directory before they were invited keep their record); its id, or undefined.
   */
  async linkEmployeeByEmail(tx: Tx, { tenantId, userId, email }: PersonLink) {
    const [linked] = await tx
      .update(employees)
      .set({ userId, version: sql`${employees.version} + 1` })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.email, email), isNull(employees.deletedAt)))
      .returning({ id: employees.id });
    return linked?.id;
  },
  async insertEmployee(
    tx: Tx,
    tenantId: string,
    values: NewEmployee & { userId: string; employeeCode: string },
  ): Promise<string> {
    const [created] = await tx
      .insert(employees)
      .values({ tenantId, ...values, startDate: new Date().toISOString().slice(0, 10) })
      .returning({ id: employees.id });
    return created!.id;
  },
  async findInvitation(db: Db, id: string) {
    const [row] = await db
      .select({ invitation: invitations, workspaceName: workspaces.name })
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.organizationId))
      .where(eq(invitations.id, id));
    return row;
  },
  async markInvitationAccepted(tx: Tx, id: string) {
    const [row] = await tx
      .update(invitations)
      .set({ status: 'accepted' })
      .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
      .returning({ id: invitations.id });
    return row !== undefined;
  },
  /** The name the workspace already knows this address by: an employee's, or a ticket customer's. */
  async personName(db: Db, tenantId: string, email: string): Promise<string | undefined> {
    const [employee] = await db
      .select({ firstName: employees.firstName, lastName: employees.lastName })
      .from(employees)
      .where(and(eq(employees.tenantId, tenantId), eq(employees.email, email), isNull(employees.deletedAt)));
    if (employee) return `${employee.firstName} ${employee.lastName}`;
    const [ticket] = await db
      .select({ name: tickets.customerName })
      .from(tickets)
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.customerEmail, email)))
      .limit(1);
    return ticket?.name;
  },
  /** Gives an existing person of the workspace their account: the employee record or their tickets. */
  async linkExistingPerson(tx: Tx, { tenantId, userId, email }: PersonLink) {
    await tx
      .update(employees)
      .set({ userId, version: sql`${employees.version} + 1` })
      .where(and(eq(employees.tenantId, tenantId), eq(employees.email, email), isNull(employees.deletedAt)));
    await tx
      .update(tickets)
      // Bookkeeping, not an edit: the tickets keep their last activity (updatedAt would move to now).
      .set({ customerUserId: userId, updatedAt: sql`${tickets.updatedAt}` })
      .where(and(eq(tickets.tenantId, tenantId), eq(tickets.customerEmail, email)));
  },
};
