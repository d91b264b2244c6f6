import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { organization } from 'better-auth/plugins';
import { schema, type Db } from '@atrium/db';

export type AuthOptions = {
  db: Db;
  secret: string;
  /** The origin users reach the app at; cookies are Secure when it is https. */
  baseURL: string;
  /** Extra origins allowed to call the auth endpoints, e.g. the Vite dev server. */
  trustedOrigins: string[];
  trustProxy: boolean;
};

/** Idle timeout of a session (OWASP ASVS 3.3): a day without use signs the person out. */
export const sessionIdleSeconds = 60 * 60 * 24;
/** Absolute timeout: however active, a session ends after 30 days and the person signs in again. */
export const sessionAbsoluteSeconds = 60 * 60 * 24 * 30;
/** How often a used session's idle deadline moves forward (a database write and a new cookie). */
export const sessionRefreshSeconds = 60 * 60;

/**
 * Accounts, sessions and workspaces (Better Auth's "organizations"). Better Auth owns the tables'
 * shape; we name them in our plural style and let PostgreSQL generate uuid ids like everywhere else.
 */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'Atrium',
    baseURL: options.baseURL,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        workspaces: schema.workspaces,
        memberships: schema.memberships,
        invitations: schema.invitations,
      },
    }),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      // Idle timeout: a session unused for this long expires; each use (at most hourly) extends it.
      expiresIn: sessionIdleSeconds,
      updateAge: sessionRefreshSeconds,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    advanced: {
      database: { generateId: 'uuid' },
      // HttpOnly and SameSite=Lax are Better Auth's defaults; Secure whenever served over https.
      useSecureCookies: options.baseURL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: options.trustProxy ? ['x-forwarded-for'] : [] },
    },
    // Sign-in throttling is ours (per account and per address, in the database): see rate-limiter.ts.
    rateLimit: { enabled: false },
    plugins: [
      organization({
        // memberships.role is our role enum (admin, manager, employee, contractor, customer).
        creatorRole: 'admin',
        schema: {
          organization: { modelName: 'workspaces' },
          member: { modelName: 'memberships' },
          invitation: { modelName: 'invitations' },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
