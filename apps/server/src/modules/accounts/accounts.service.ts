import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { Db } from '@atrium/db';
import {
  demoAccounts,
  demoPassword,
  demoWorkspace,
  largeSampleWorkspace,
  permissionsOf,
  trialDays,
  type AcceptInvitationInput,
  type InvitationPreview,
  type LoginInput,
  type Me,
  type SignupInput,
} from '@atrium/shared';
import type { Auth } from '../../platform/auth/auth';
import { membershipRepository } from '../../platform/auth/membership.repository';
import type { Member } from '../../platform/auth/member-context';
import { activityLog } from '../../platform/activity/activity.service';
import { AppError, forbidden, notFound } from '../../platform/errors/app-error';
import type { Logger } from '../../platform/logging/logger';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import { accountsRepository } from './accounts.repository';

/** Issue 3: the 11th wrong password for one account within a minute is refused with 429. */
export const signInLimits = {
  perAccount: { name: 'sign-in:account', max: 10, windowSeconds: 60 },
  perAddress: { name: 'sign-in:address', max: 100, windowSeconds: 60 },
} as const;

export type AccountsDeps = {
  db: Db;
  auth: Auth;
  rateLimiter: RateLimiter;
  log: Logger;
  demoLoginsEnabled: boolean;
};

/** A signed-in result: the member view plus the session cookies to send back. */
export type SignedIn = { me: Me; cookies: string[] };

const wrongCredentials = () =>
  // One message whether the email exists or not (issue 3).
  new AppError('unauthenticated', 'The email or password is incorrect');

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
  const isDemoAccount = (email: string) => demoAccounts.some((account) => account.email === email);

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

  /** Creates the Better Auth user and session; the caller attaches memberships. */
  async function createUser(name: string, email: string, password: string, headers: Headers) {
    const result = await auth.api.signUpEmail({
      body: { name, email, password },
      headers,
      returnHeaders: true,
    });
    const { user, token } = result.response;
    // Better Auth signs the new user in (autoSignIn is on); without a session there is nothing to return.
    if (!token) throw new Error('sign-up did not start a session');
    return { user, token, cookies: result.headers.getSetCookie() };
  }

  return {
    buildMe,

    async signup(input: SignupInput & { email: string }, headers: Headers): Promise<SignedIn> {
      if (await accountsRepository.findUserByEmail(db, input.email)) {
        throw new AppError('conflict', 'An account with this email already exists', {
          email: 'An account with this email already exists; sign in instead',
        });
      }
      const created = await createUser(input.name, input.email, input.password, headers);
      try {
        const slug = await uniqueSlug(input.companyName);
        const workspace = await db.transaction(async (tx) => {
          const workspace = await accountsRepository.insertWorkspace(tx, {
            name: input.companyName,
            slug,
            trialEndsAt: new Date(Date.now() + trialDays * 86_400_000),
          });
          await accountsRepository.upsertMembership(tx, workspace.id, created.user.id, 'admin');
          const employeeId = await accountsRepository.linkOrCreateEmployee(
            tx,
            workspace.id,
            created.user.id,
            {
              ...splitName(input.name),
              email: input.email,
              department: 'Management',
              jobTitle: 'Administrator',
            },
          );
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
        await membershipRepository.setActiveWorkspaceByToken(db, created.token, workspace.id);
        return { me: await buildMe(created.user, workspace.id), cookies: created.cookies };
      } catch (error) {
        // Without its workspace the account would be unusable: undo it so the person can retry.
        await accountsRepository.deleteUser(db, created.user.id);
        throw error;
      }
    },

    async login(input: LoginInput & { email: string }, address: string, headers: Headers): Promise<SignedIn> {
      await deps.rateLimiter.hit(signInLimits.perAddress, address);
      await deps.rateLimiter.check(signInLimits.perAccount, input.email);
      if (!deps.demoLoginsEnabled && isDemoAccount(input.email)) throw wrongCredentials();
      let result;
      try {
        result = await auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers,
          returnHeaders: true,
        });
      } catch (error) {
        if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) {
          await deps.rateLimiter.hit(signInLimits.perAccount, input.email);
          throw wrongCredentials();
        }
        throw error;
      }
      const cookies = result.headers.getSetCookie();
      const workspaces = await membershipRepository.listActive(db, result.response.user.id);
      if (workspaces.length === 0) {
        // Deactivated everywhere: the records stay, the door closes (issue 3).
        await auth.api.signOut({ headers: sessionHeaders(cookies) });
        throw forbidden('This account has been deactivated; ask your workspace admin');
      }
      await deps.rateLimiter.reset(signInLimits.perAccount, input.email);
      return { me: await buildMe(result.response.user), cookies };
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
        hasAccount: (await accountsRepository.findUserByEmail(db, found.invitation.email)) !== undefined,
      };
    },

    async acceptInvitation(id: string, input: AcceptInvitationInput, headers: Headers): Promise<SignedIn> {
      const found = await accountsRepository.findInvitation(db, id);
      if (!found || found.invitation.status !== 'pending' || found.invitation.expiresAt < new Date()) {
        throw notFound('Invitation');
      }
      const { invitation } = found;
      const existing = await accountsRepository.findUserByEmail(db, invitation.email);
      let signedIn: { user: { id: string; name: string; email: string }; token: string; cookies: string[] };
      if (existing) {
        try {
          const result = await auth.api.signInEmail({
            body: { email: invitation.email, password: input.password },
            headers,
            returnHeaders: true,
          });
          signedIn = {
            user: result.response.user,
            token: result.response.token,
            cookies: result.headers.getSetCookie(),
          };
        } catch (error) {
          if (error instanceof APIError) {
            throw new AppError('unauthenticated', 'The password is incorrect', {
              password: 'The password is incorrect',
            });
          }
          throw error;
        }
      } else {
        if (!input.name)
          throw new AppError('validation_failed', 'Enter your name', { name: 'Enter your name' });
        const created = await createUser(input.name, invitation.email, input.password, headers);
        signedIn = created;
      }
      await db.transaction(async (tx) => {
        if (!(await accountsRepository.markInvitationAccepted(tx, invitation.id)))
          throw notFound('Invitation');
        await accountsRepository.upsertMembership(
          tx,
          invitation.organizationId,
          signedIn.user.id,
          invitation.role,
        );
        // Customers use the help-desk portal; everyone else is a person in the directory.
        if (invitation.role !== 'customer') {
          await accountsRepository.linkOrCreateEmployee(tx, invitation.organizationId, signedIn.user.id, {
            ...splitName(signedIn.user.name),
            email: invitation.email,
            department: 'Unassigned',
            jobTitle: 'Team member',
          });
        }
        await activityLog.record(tx, {
          tenantId: invitation.organizationId,
          actor: { userId: signedIn.user.id, name: signedIn.user.name },
          action: 'joined',
          entityType: 'member',
          entityId: signedIn.user.id,
          summary: `joined as ${invitation.role}`,
        });
      });
      await membershipRepository.setActiveWorkspaceByToken(db, signedIn.token, invitation.organizationId);
      return { me: await buildMe(signedIn.user, invitation.organizationId), cookies: signedIn.cookies };
    },

    /**
     * Gives each demo role its login in every sample workspace that is loaded (idempotent; run at
     * start-up): the demo one, and the large one benchmarks sign in to.
     */
    async ensureDemoLogins(): Promise<number> {
      let created = 0;
      for (const sample of [demoWorkspace, largeSampleWorkspace]) {
        const workspace = await accountsRepository.findWorkspaceBySlug(db, sample.slug);
        if (!workspace) continue;
        for (const account of demoAccounts) {
          const existing = await accountsRepository.findUserByEmail(db, account.email);
          if (existing && (await accountsRepository.hasMembership(db, workspace.id, existing.id))) continue;
          const name = await accountsRepository.personName(db, workspace.id, account.email);
          const userId =
            existing?.id ??
            (
              await auth.api.signUpEmail({
                body: {
                  name: name ?? account.role[0]!.toUpperCase() + account.role.slice(1),
                  email: account.email,
                  password: demoPassword,
                },
              })
            ).user.id;
          await db.transaction(async (tx) => {
            await accountsRepository.upsertMembership(tx, workspace.id, userId, account.role);
            await accountsRepository.linkExistingPerson(tx, workspace.id, userId, account.email);
          });
          created++;
        }
      }
      return created;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Request headers carrying the cookies of a session we just created. */
function sessionHeaders(setCookies: string[]) {
  return new Headers({ cookie: setCookies.map((cookie) => cookie.split(';')[0]).join('; ') });
}
