// Users, sessions and workspaces. Better Auth 1.7 owns these tables (email/password core schema
// plus the organization plugin): the server maps its models onto them (user -> users,
// organization -> workspaces, member -> memberships, ...) with `advanced.database.generateId:
// 'uuid'`. TypeScript property names are Better Auth's field names, so no field mapping is needed;
// columns are their snake_case form. That is also why the tenant column of memberships and
// invitations is `organizationId`, not `tenantId` like the rest of the schema.
//
// Fields Better Auth does not write (workspace settings, membership status, updatedAt) have
// database defaults, so a row created by Better Auth is complete.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  time,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { invitationStatusEnum, membershipStatusEnum, roleEnum } from './enums';

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    token: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz().notNull(),
    ipAddress: text(),
    userAgent: text(),
    /** Organization plugin: the workspace the session is working in. */
    activeOrganizationId: uuid().references(() => workspaces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Better Auth lists and revokes a user's sessions by userId.
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamptz(),
    refreshTokenExpiresAt: timestamptz(),
    scope: text(),
    /** The password hash of the email/password ("credential") provider. */
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Sign-in looks up the user's credential account.
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Email verification and password reset look the token up by identifier.
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** The tenant. Better Auth's "organization"; every domain table references it as tenant_id. */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    logo: text(),
    /** Better Auth stores organization metadata as a JSON string. */
    metadata: text(),
    timeZone: text().notNull().default('UTC'),
    /** Spec 9: the calendar week starts on Sunday (0); 0-6 like Date#getDay. */
    weekStart: smallint().notNull().default(0),
    /** Spec 9: standard day 09:00-17:00 with a 60-minute break, 40 weekly hours. */
    workdayStart: time().notNull().default('09:00'),
    workdayEnd: time().notNull().default('17:00'),
    breakMinutes: smallint().notNull().default(60),
    weeklyHours: smallint().notNull().default(40),
    /** Spec 1: a new workspace gets a 14-day trial; the server sets this on creation. */
    trialEndsAt: timestamptz(),
    /** Issue 20: when an Admin put the dashboard's getting-started checklist away; null while it shows. */
    gettingStartedDismissedAt: timestamptz(),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('workspaces_week_start_check', sql`${t.weekStart} between 0 and 6`)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Our roles, not Better Auth's owner/admin/member: the server configures the plugin with them. */
    role: roleEnum().notNull().default('employee'),
    status: membershipStatusEnum().notNull().default('active'),
    /** Role changes and deactivation carry the version they read; a stale one gets 412. */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('memberships_organization_user_unique').on(t.organizationId, t.userId),
    // The workspace switcher lists the signed-in user's workspaces.
    index('memberships_user_id_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: roleEnum().notNull(),
    status: invitationStatusEnum().notNull().default('pending'),
    expiresAt: timestamptz().notNull(),
    inviterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Settings > Members lists a workspace's pending invitations.
    index('invitations_organization_status_idx').on(t.organizationId, t.status),
    // Sign-up and the invitation page find invitations by the invitee's email.
    index('invitations_email_idx').on(t.email),
  ],
);
