import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '@atrium/db';
import {
  permissionsOf,
  trialDays,
  type AcceptInvitationInput,
  type ChangePasswordInput,
  type InvitationPreview,
  type LoginInput,
  type Me,
  type SignupConfirmation,
  type SignupInput,
} from '@atrium/shared';
import type { Auth } from '../../platform/auth/auth';
import { membershipRepository } from '../../platform/auth/membership.repository';
import type { Member } from '../../platform/auth/member-context';
import type { PasswordCheck } from '../../platform/auth/password-check';
import { activityLog } from '../../platform/activity/activity.service';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logging/logger';
import type { Notifier } from '../../platform/notifications/notifications.service';
import type { EmployeesService } from '../employees';
import { accountsRepository, type NewEmployee } from './accounts.repository';
import { createDemoLoginsService } from './demo-logins.service';

export type AccountsDeps = {
  db: Db;
  employees: EmployeesService;
  auth: Auth;
  checkPassword: PasswordCheck;
  log: Logger;
  demoLoginsEnabled: boolean;
  /** The inviter hears that their invitation was accepted. */
  notifier: Notifier;
};

/** A signed-in result: the member view plus the session cookies to send back. */
export type SignedIn = { me: Me; cookies: string[] };

/** Where a request comes from: its headers (cookies) and client address. */
export type RequestOrigin = { headers: Headers; address: string };

function splitName(name: string) {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || '-' };
}

function slugify(name: string) {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'workspace'
  );
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, auth } = deps;

  async function buildMe(
    user: { id: string; name: string; email: string },
    activeWorkspaceId?: string,
  ): Promise<Me> {
    const workspaces = await membershipRepository.listActive(db, user.id);
    const active = workspaces.find((w) => w.workspaceId === activeWorkspaceId) ?? workspaces[0];
    if (!active) throw forbidden('Your access to this workspace has been deactivated');
    return {
      user: { id: user.id, name: user.name, email: user.email },
      workspace: {
        id: active.workspaceId,
        name: active.workspaceName,
        slug: active.slug,
        role: active.role,
        trialEndsAt: active.trialEndsAt?.toISOString() ?? null,
      },
      workspaces: workspaces.map((w) => ({
        id: w.workspaceId,
        name: w.workspaceName,
        slug: w.slug,
        role: w.role,
      })),
      employeeId: await membershipRepository.employeeIdOf(db, active.workspaceId, user.id),
      permissions: permissionsOf(active.role),
    };
  }

  async function uniqueSlug(name: string) {
    const base = slugify(name);
    if (!(await accountsRepository.slugTaken(db, base))) return base;
    return `${base}-${randomBytes(3).toString('hex')}`;
  }

  // With mail going out, a new account confirms its address before its first session (issue 17).
  const confirmsEmail = auth.options.emailAndPassword.requireEmailVerification === true;

  /**
   * Creates the Better Auth user; the caller attaches memberships. Its session comes at once, or,
   * when addresses are confirmed, from the link mailed to it (`token` is then null).
   */
  async function createUser(
    { name, email, password }: { name: string; email: string; password: string },
    headers: Headers,
  ) {
    const result = await auth.api.signUpEmail({
      body: { name, email, password, callbackURL: '/dashboard' },
      headers,
      returnHeaders: true,
    });
    const { user, token } = result.response;
    return { user, token, cookies: result.headers.getSetCookie() };
  }

  /** The first session of an account whose address an invitation confirmed. */
  async function signInConfirmed(user: { id: string; email: string }, password: string, headers: Headers) {
    const result = await auth.api.signInEmail({
      body: { email: user.email, password },
      headers,
      returnHeaders: true,
    });
    return { token: result.response.token, cookies: result.headers.getSetCookie() };
  }

  /**
   * Links the user to the workspace's employee with their email, creating the employee record, with
   * the directory's next code, when there is none.
   */
  async function linkOrCreateEmployee(
    tx: Tx,
    person: { tenantId: string; userId: string; employee: NewEmployee },
  ) {
    const { tenantId, userId, employee } = person;
    const linked = await accountsRepository.linkEmployeeByEmail(tx, {
      tenantId,
      userId,
      email: employee.email,
    });
    if (linked) return linked;
    const employeeCode = await deps.employees.allocateCode(tx, tenantId);
    return accountsRepository.insertEmployee(tx, tenantId, { ...employee, userId, employeeCode });
  }

  type PendingInvitation = NonNullable<
    Awaited<ReturnType<typeof accountsRepository.findInvitation>>
  >['invitation'];

  /** Makes the invited person a member with the invited role, and a person in the directory. */
  async function join(invitation: PendingInvitation, user: { id: string; name: string }) {
    await db.transaction(async (tx) => {
      if (!(await accountsRepository.markInvitationAccepted(tx, invitation.id))) throw notFound('Invitation');
      await accountsRepository.upsertMembership(tx, {
        tenantId: invitation.organizationId,
        userId: user.id,
        role: invitation.role,
      });
      // Customers use the help-desk portal, where their earlier tickets show; everyone else is a person
      // in the directory.
      if (invitation.role === 'customer') {
        await membershipRepository.linkCustomerTickets(
          tx,
          { id: user.id, email: invitation.email },
          invitation.organizationId,
        );
      } else {
        await linkOrCreateEmployee(tx, {
          tenantId: invitation.organizationId,
          userId: user.id,
          employee: {
            ...splitName(user.name),
            email: invitation.email,
            department: 'Unassigned',
            jobTitle: 'Team member',
          },
        });
      }
      await activityLog.record(tx, {
        tenantId: invitation.organizationId,
        actor: { userId: user.id, name: user.name },
        action: 'joined',
        entityType: 'member',
        entityId: user.id,
        summary: `joined as ${invitation.role}`,
      });
      await deps.notifier.notify({
        tx,
        tenantId: invitation.organizationId,
        actor: { userId: user.id, name: user.name },
        recipients: { users: [invitation.inviterId] },
        kind: 'invitation_accepted',
        record: { type: 'member', id: user.id, link: '/settings?tab=members' },
        title: `${user.name} accepted your invitation`,
        body: `${invitation.email} joined as ${invitation.role}`,
      });
    });
  }

  return {
    buildMe,

    /**
     * A new person with their own workspace. Where addresses are confirmed, every sign-up answers
     * "check your inbox", for a new address and a known one alike; the known one's owner is told by
     * mail instead (issue 17). Without mail the answer could reach nobody, so an account starts at
     * once and a known address is refused.
     */
    async signup(
      input: SignupInput & { email: string },
      headers: Headers,
    ): Promise<SignedIn | SignupConfirmation> {
      const known = (await accountsRepository.findUserByEmail(db, input.email)) !== undefined;
      if (known && !confirmsEmail) {
        throw new AppError('conflict', 'An account with this email already exists', {
          email: 'An account with this email already exists; sign in instead',
        });
      }
      const created = await createUser(input, headers);
      if (known) return { confirmEmail: input.email };
      try {
        const slug = await uniqueSlug(input.companyName);
        const workspace = await db.transaction(async (tx) => {
          const workspace = await accountsRepository.insertWorkspace(tx, {
            name: input.companyName,
            slug,
            trialEndsAt: new Date(Date.now() + trialDays * 86_400_000),
          });
          await accountsRepository.upsertMembership(tx, {
            tenantId: workspace.id,
            userId: created.user.id,
            role: 'admin',
          });
          const employeeId = await linkOrCreateEmployee(tx, {
            tenantId: workspace.id,
            userId: created.user.id,
            employee: {
              ...splitName(input.name),
              email: input.email,
              department: 'Management',
              jobTitle: 'Administrator',
            },
          });
          await activityLog.record(tx, {
            tenantId: workspace.id,
            actor: { userId: created.user.id, name: input.name },
            action: 'created',
            entityType: 'workspace',
            entityId: workspace.id,
            summary: `created the workspace ${input.companyName}`,
            data: { employeeId },
          });
          return workspace;
        });
        if (!created.token) {
          await auth.api.sendVerificationEmail({ body: { email: input.email, callbackURL: '/dashboard' } });
          return { confirmEmail: input.email };
        }
        await membershipRepository.setActiveWorkspaceByToken(db, created.token, workspace.id);
        return { me: await buildMe(created.user, workspace.id), cookies: created.cookies };
      } catch (error) {
        // Without its workspace the account would be unusable: undo it so the person can retry.
        await accountsRepository.deleteUser(db, created.user.id);
        throw error;
      }
    },

    async login(input: LoginInput & { email: string }, from: RequestOrigin): Promise<SignedIn> {
      const { user, cookies } = await deps.checkPassword(
        { email: input.email, address: from.address },
        async () => {
          const result = await auth.api.signInEmail({
            body: { email: input.email, password: input.password },
            headers: from.headers,
            returnHeaders: true,
          });
          return { user: result.response.user, cookies: result.headers.getSetCookie() };
        },
      );
      return { me: await buildMe(user), cookies };
    },

    /** A new password, proven by the current one; every other session of the person ends. */
    async changePassword(member: Member, input: ChangePasswordInput, from: RequestOrigin): Promise<string[]> {
      const { token, cookies } = await deps.checkPassword(
        { email: member.email, address: from.address },
        async () => {
          const result = await auth.api.changePassword({
            body: {
              currentPassword: input.currentPassword,
              newPassword: input.newPassword,
              revokeOtherSessions: true,
            },
            headers: from.headers,
            returnHeaders: true,
          });
          return { ...result.response, cookies: result.headers.getSetCookie() };
        },
      );
      // The session that replaced this one stays in the workspace the person is working in.
      if (token) await membershipRepository.setActiveWorkspaceByToken(db, token, member.tenantId);
      return cookies;
    },

    async logout(headers: Headers): Promise<string[]> {
      const result = await auth.api.signOut({ headers, returnHeaders: true });
      return result.headers.getSetCookie();
    },

    async switchWorkspace(member: Member, workspaceId: string): Promise<Me> {
      // Not a member there: 404, so the workspace's existence does not leak.
      if (!member.workspaces.some((w) => w.workspaceId === workspaceId)) throw notFound('Workspace');
      await membershipRepository.setActiveWorkspace(db, member.sessionId, workspaceId);
      return buildMe({ id: member.userId, name: member.name, email: member.email }, workspaceId);
    },

    async previewInvitation(id: string): Promise<InvitationPreview> {
      const found = await accountsRepository.findInvitation(db, id);
      if (!found || found.invitation.status !== 'pending' || found.invitation.expiresAt < new Date()) {
        throw notFound('Invitation');
      }
      return {
        workspaceName: found.workspaceName,
        email: found.invitation.email,
        role: found.invitation.role,
      };
    },

    /**
     * Issue 17: an invitation never takes the password of an existing account. Its owner signs in
     * through the one password check, then accepts while signed in, as the address it was sent to;
     * without a session it can only create a new account for that address.
     */
    async acceptInvitation(id: string, input: AcceptInvitationInput, headers: Headers): Promise<SignedIn> {
      const found = await accountsRepository.findInvitation(db, id);
      if (!found || found.invitation.status !== 'pending' || found.invitation.expiresAt < new Date()) {
        throw notFound('Invitation');
      }
      const { invitation } = found;
      const current = await auth.api.getSession({ headers });
      if (current) {
        if (current.user.email.toLowerCase() !== invitation.email.toLowerCase()) {
          throw forbidden(
            `This invitation was sent to ${invitation.email}; sign in with that address to accept it`,
          );
        }
        await join(invitation, current.user);
        await membershipRepository.setActiveWorkspace(db, current.session.id, invitation.organizationId);
        return { me: await buildMe(current.user, invitation.organizationId), cookies: [] };
      }
      if (await accountsRepository.findUserByEmail(db, invitation.email)) {
        throw new AppError(
          'unauthenticated',
          'Sign in to accept: this address already has an Atrium account',
        );
      }
      if (!input.name || !input.password) {
        throw new AppError('validation_failed', 'Enter your name and choose a password', {
          ...(input.name ? {} : { name: 'Enter your name' }),
          ...(input.password ? {} : { password: 'Choose a password' }),
        });
      }
      const created = await createUser(
        { name: input.name, email: invitation.email, password: input.password },
        headers,
      );
      await join(invitation, created.user);
      // The invitation reached this inbox: that confirms the address, and the account starts signed in.
      await accountsRepository.markEmailVerified(db, created.user.id);
      const signedIn = created.token
        ? { token: created.token, cookies: created.cookies }
        : await signInConfirmed(created.user, input.password, headers);
      await membershipRepository.setActiveWorkspaceByToken(db, signedIn.token, invitation.organizationId);
      return { me: await buildMe(created.user, invitation.organizationId), cookies: signedIn.cookies };
    },

    ...createDemoLoginsService(deps),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
