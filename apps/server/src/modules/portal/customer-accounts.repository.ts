import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import { schema, type Db } from '@atrium/db';

const { memberships, users, invitations, workspaces, helpdeskSettings } = schema;

/** `%text%` for ILIKE, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const customerAccountsRepository = {
  /** The workspace's customer accounts, by email; at most `limit`. */
  accounts(db: Db, tenantId: string, q: string | undefined, limit: number) {
    return db
      .select({
        id: memberships.id,
        name: users.name,
        email: users.email,
        status: memberships.status,
        date: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, tenantId),
          eq(memberships.role, 'customer'),
          q ? or(ilike(users.name, containing(q)), ilike(users.email, containing(q))) : undefined,
        ),
      )
      .orderBy(asc(users.email))
      .limit(limit);
  },

  /** Customers invited and not yet joined (the link still works), by email; at most `limit`. */
  pendingInvitations(db: Db, tenantId: string, q: string | undefined, now: Date, limit: number) {
    return db
      .select({ id: invitations.id, email: invitations.email, date: invitations.expiresAt })
      .from(invitations)
      .where(
        and(
          eq(invitations.organizationId, tenantId),
          eq(invitations.role, 'customer'),
          eq(invitations.status, 'pending'),
          gt(invitations.expiresAt, now),
          q ? ilike(invitations.email, containing(q)) : undefined,
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
