import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { Db } from '@atrium/db';
import { can, type Action, type Role } from '@atrium/shared';
import { AppError, forbidden } from '../errors/app-error';
import type { AppEnv } from '../http/app-env';
import { sessionAbsoluteSeconds, type Auth } from './auth';
import { membershipRepository, type WorkspaceMembership } from './membership.repository';

/** Who is asking, in which workspace, with which role: every workspace route runs with this. */
export type Member = {
  userId: string;
  name: string;
  email: string;
  sessionId: string;
  tenantId: string;
  role: Role;
  employeeId: string | null;
  /** Every workspace the user is an active member of (for the switcher). */
  workspaces: WorkspaceMembership[];
};

export type MemberEnv = { Variables: AppEnv['Variables'] & { member: Member } };

export const unauthenticated = () => new AppError('unauthenticated', 'Sign in to continue');

/**
 * Resolves the session cookie to a member of the session's active workspace. A session whose
 * workspace membership was deactivated moves to another active membership, or is refused.
 */
export async function resolveMember(auth: Auth, db: Db, headers: Headers): Promise<Member | null> {
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const { session, user } = found;
  if (Date.now() - new Date(session.createdAt).getTime() > sessionAbsoluteSeconds * 1000) {
    await membershipRepository.deleteSession(db, session.id);
    return null;
  }
  const workspaces = await membershipRepository.listActive(db, user.id);
  const activeId = (session as { activeOrganizationId?: string | null }).activeOrganizationId;
  const active = workspaces.find((w) => w.workspaceId === activeId) ?? workspaces[0];
  if (!active) throw forbidden('Your access to this workspace has been deactivated');
  if (active.workspaceId !== activeId) {
    await membershipRepository.setActiveWorkspace(db, session.id, active.workspaceId);
  }
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    sessionId: session.id,
    tenantId: active.workspaceId,
    role: active.role,
    employeeId: await membershipRepository.employeeIdOf(db, active.workspaceId, user.id),
    workspaces,
  };
}

/** A router whose every route requires a signed-in member (401 otherwise). */
export function memberRouter(auth: Auth, db: Db) {
  const requireMember: MiddlewareHandler<MemberEnv> & { requiresMember?: true } = async (c, next) => {
    const member = await resolveMember(auth, db, c.req.raw.headers);
    if (!member) throw unauthenticated();
    c.set('member', member);
    await next();
  };
  // Lets the access tests tell member-only routes from public ones by walking the router.
  requireMember.requiresMember = true;
  return new Hono<MemberEnv>().use(requireMember);
}

export type PermissionGuard = MiddlewareHandler<MemberEnv> & { requiredAction: Action };

/** Refuses with 403 unless the member's role allows `action`; tests read `requiredAction`. */
export function permit(action: Action): PermissionGuard {
  const guard = (async (c, next) => {
    if (!can(c.get('member').role, action)) throw forbidden();
    await next();
  }) as PermissionGuard;
  guard.requiredAction = action;
  return guard;
}

export const memberOf = (c: Context<MemberEnv>) => c.get('member');
