import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';
import { containsPattern, searchWords } from '@atrium/shared';

const { memberships, users, invitations, workspaces, helpdeskSettings } = schema;

export const customerAccountsRepository = {
  /** The workspace's customer accounts, by email, each word of `q` in the name or the email; at most `limit`. */
  accounts(db: Db, tenantId: string, q: string | undefined, limit: number) {
    const words = searchWords(q).map((word) =>
      or(ilike(users.name, containsPattern(word)), ilike(users.email, containsPattern(word))),
    );
    return db
      .select({
        id: memberships.id,
        userId: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        status: memberships.status,
        date: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, tenantId), eq(memberships.role, 'customer'), ...words))
      .orderBy(asc(users.email))
      .limit(limit);
  },

  /**
   * Customers invited and not yet joined (the link still works), by email, each word of `q` in the
   * email; at most `limit`.
   */
  pendingInvitations(db: Db, tenantId: string, q: string | undefined, now: Date, limit: number) {
    const words = searchWords(q).map((word) => ilike(invitations.email, containsPattern(word)));
    return db
      .select({ id: invitations.id, email: invitations.email, date: invitations.expiresAt })
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, tenantId),
          eq(invitations.role, 'customer'),
          eq(invitations.status, 'pending'),
          gt(invitations.expiresAt, now),
          ...words,
        ),
      )
      .orderBy(asc(invitations.email))
      .limit(limit);
  },

  /** The workspace whose help centre takes sign-ups (helpdesk_settings.customer_sign_up). */
  async signUpWorkspace(db: Db, slug: string) {
    const [row] = await db
      .select({ id: workspaces.id, name: workspaces.name })
      .from(workspaces)
      .innerJoin(helpdeskSettings, eq(helpdeskSettings.tenantId, workspaces.id))
      .where(and(eq(workspaces.slug, slug), eq(helpdeskSettings.customerSignUp, true)));
    return row;
  },

  async userExists(db: Db, email: string) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row !== undefined;
  },

  async addCustomer(db: Db, tenantId: string, userId: string) {
    await db.insert(memberships).values({ organizationId: tenantId, userId, role: 'customer' });
  },

  async deleteUser(db: Db, userId: string) {
    await db.delete(users).where(eq(users.id, userId));
  },
};
