import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { organization } from 'better-auth/plugins';
import { schema, type Db } from '@atrium/db';
import { isDemoEmail } from '@atrium/shared';
import type { Mailer } from '../mail/mailer';
import { membershipRepository } from './membership.repository';

export type AuthOptions = {
  db: Db;
  secret: string;
  /** The origin users reach the app at; cookies are Secure when it is https. */
  baseURL: string;
  /** Extra origins allowed to call the auth endpoints, e.g. the Vite dev server. */
  trustedOrigins: string[];
  trustProxy: boolean;
  /** False: the demo accounts get no session from any route (DEMO_LOGINS=false). */
  demoLogins: boolean;
  /**
   * Set when mail really goes out (SMTP): a new account is confirmed from its inbox before it can
   * sign in, so that sign-up answers alike whether the address has an account (issue 17).
   */
  confirmationMailer?: Mailer;
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
  const mailer = options.confirmationMailer;
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
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: mailer !== undefined,
      // Someone signed up with an address that has an account: its owner hears of it, the visitor
      // gets the same answer as for a new address.
      onExistingUserSignUp: async ({ user }) => {
        await mailer?.send({
          to: user.email,
          subject: 'Someone tried to create an Atrium account with your email',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone (perhaps you) tried to create a new Atrium account with this email address, which already has one.',
            `Sign in at ${options.baseURL}/login instead. If this was not you, you can ignore this message: nothing changed.`,
          ].join('\n'),
        });
      },
    },
    emailVerification: {
      // Sign-up asks for the mail itself: accounts made from an invitation or for the demo need none.
      sendOnSignUp: false,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      // A customer who signed up on the help centre finds their earlier tickets in the portal (issue 22).
      afterEmailVerification: (user) => membershipRepository.linkCustomerTickets(options.db, user),
      sendVerificationEmail: async ({ user, url }) => {
        await mailer?.send({
          to: user.email,
          subject: 'Confirm your email address for Atrium',
          text: [
            `Hello ${user.name},`,
            '',
            'Open this link to confirm your email address and start using Atrium (valid for 24 hours):',
            url,
            '',
            'If you did not sign up, you can ignore this message.',
          ].join('\n'),
        });
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      // HttpOnly and SameSite=Lax are Better Auth's defaults; Secure whenever served over https.
      useSecureCookies: options.baseURL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: options.trustProxy ? ['x-forwarded-for'] : [] },
    },
    databaseHooks: {
      session: {
        create: {
          // The last word on the demo switch, whichever route asks for the session (issue 17).
          before: async (session) =>
            options.demoLogins ||
            !isDemoEmail((await membershipRepository.emailOf(options.db, session.userId)) ?? '')
              ? undefined
              : false,
        },
      },
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
