import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from '@atrium/db';
import { allows, type Action, type Role } from '@atrium/shared';
import { bearerTokenOf } from '../api-tokens/bearer';
import { AppError, forbidden } from '../errors/app-error';
import { answerOnce } from '../idempotency/idempotency';
import type { AppEnv } from '../http/app-env';
import { setCookies } from '../http/request-input';
import { sessionAbsoluteSeconds, sessionIdleSeconds, sessionRefreshSeconds, type Auth } from './auth';
import { membershipRepository, type WorkspaceMembership } from './membership.repository';

/** Who is asking, in which workspace, with which role: every workspace route runs with this. */
export type Member = {
  userId: string;
  name: string;
  email: string;
  /** The session, or for an API token `api-token:<id>` (event streams count per this). */
  sessionId: string;
  tenantId: string;
  /** Read fresh on every request: a demoted member's tokens lose the rights at once. */
  role: Role;
  /** The API token the request was made with, or null for a signed-in session. */
  apiTokenId: string | null;
  /** The token's actions (issue 19); null for a session. Check rights with `allows`, never `can`. */
  scopes: ReadonlySet<Action> | null;
  employeeId: string | null;
  /** The active workspace's settings: IANA time zone, first day of the week (0 = Sunday), weekly hours. */
  timeZone: string;
  weekStart: number;
  weeklyHours: number;
  /** Every workspace the user is an active member of (for the switcher). */
  workspaces: WorkspaceMembership[];
};

export type MemberEnv = { Variables: AppEnv['Variables'] & { member: Member } };

export const unauthenticated = () => new AppError('unauthenticated', 'Sign in to continue');

type ResolvedMember = { member: Member; setCookies: string[] };

/**
 * The value of a cookie Better Auth signed (`value.signature`, the signature a base64 HMAC-SHA256),
 * or null. Node's HMAC runs synchronously, where Hono's getSignedCookie imports a WebCrypto key on
 * every call: that measured about 4% of a busy server's time.
 */
function signedCookieValue(c: Context, secret: string, name: string): string | null {
  const cookie = getCookie(c, name);
  const dot = cookie?.lastIndexOf('.') ?? -1;
  if (!cookie || dot < 0) return null;
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(value).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}

/**
 * The common case in one prepared statement: a signed session cookie of a live session, working in
 * an active membership, that is not yet due for its hourly refresh. Anything else returns null and
 * goes the whole way through Better Auth, which stays the authority on sessions.
 */
async function memberOfLiveSession(auth: Auth, db: Db, c: Context): Promise<Member | null> {
  const { secret, authCookies } = await auth.$context;
  const token = signedCookieValue(c, secret, authCookies.sessionToken.name);
  if (!token) return null;
  const rows = await membershipRepository.sessionMembers(db, token);
  const session = rows[0];
  if (!session) return null;
  const now = Date.now();
  const expiresAt = session.sessionExpiresAt.getTime();
  const dueForRefresh = expiresAt - (sessionIdleSeconds - sessionRefreshSeconds) * 1000 <= now;
  const pastAbsolute = now - session.sessionCreatedAt.getTime() > sessionAbsoluteSeconds * 1000;
  const active = rows.find((row) => row.membership.workspaceId === session.activeWorkspaceId);
  if (expiresAt <= now || dueForRefresh || pastAbsolute || !active) return null;
  const workspaces = rows.map((row) => row.membership);
  return memberIn(active.membership, {
    user: { id: session.userId, name: session.userName, email: session.userEmail },
    sessionId: session.sessionId,
    employeeId: active.employeeId,
    workspaces,
  });
}

export function memberIn(
  active: WorkspaceMembership,
  who: {
    user: { id: string; name: string; email: string };
    sessionId: string;
    employeeId: string | null;
    workspaces: WorkspaceMembership[];
    apiToken?: { id: string; scopes: ReadonlySet<Action> };
  },
): Member {
  return {
    userId: who.user.id,
    name: who.user.name,
    email: who.user.email,
    sessionId: who.sessionId,
    tenantId: active.workspaceId,
    role: active.role,
    apiTokenId: who.apiToken?.id ?? null,
    scopes: who.apiToken?.scopes ?? null,
    employeeId: who.employeeId,
    timeZone: active.timeZone,
    weekStart: active.weekStart,
    weeklyHours: active.weeklyHours,
    workspaces: who.workspaces,
  };
}

/**
 * Resolves the session cookie to a member of the session's active workspace through Better Auth,
 * which also refreshes the session (its cookies come back in `setCookies`). A session whose
 * workspace membership was deactivated moves to another active membership, or is refused.
 */
export async function resolveMember(auth: Auth, db: Db, headers: Headers): Promise<ResolvedMember | null> {
  const { headers: responseHeaders, response: found } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
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
  const employeeId = await membershipRepository.employeeIdOf(db, active.workspaceId, user.id);
  return {
    member: memberIn(active, { user, sessionId: session.id, employeeId, workspaces }),
    setCookies: responseHeaders.getSetCookie(),
  };
}

/**
 * A router whose every route requires a member (401 otherwise): signed in with the session cookie,
 * or an API token's owner. A request with a bearer token is that token's alone, even with a cookie:
 * the token was checked (and counted) by the app's bearer middleware, which set the member.
 * POSTs with an Idempotency-Key answer a retry with the first answer (issue 19).
 */
export function memberRouter(auth: Auth, db: Db) {
  const requireMember: MiddlewareHandler<MemberEnv> & { requiresMember?: true } = async (c, next) => {
    if (bearerTokenOf(c) !== null) {
      const member = c.get('member');
      if (!member?.apiTokenId) throw unauthenticated();
      return answerOnce(db, c, next);
    }
    const fast = await memberOfLiveSession(auth, db, c);
    const resolved = fast
      ? { member: fast, setCookies: [] }
      : await resolveMember(auth, db, c.req.raw.headers);
    if (!resolved) throw unauthenticated();
    // A refreshed session gets its new cookie, or the browser would drop it a day after sign-in.
    setCookies(c, resolved.setCookies);
    c.set('member', resolved.member);
    return answerOnce(db, c, next);
  };
  // Lets the access tests tell member-only routes from public ones by walking the router.
  requireMember.requiresMember = true;
  return new Hono<MemberEnv>().use(requireMember);
}

export type PermissionGuard = MiddlewareHandler<MemberEnv> & { requiredAction: Action };

/** Refuses with 403 unless the member (role, and a token's scopes) allows `action`; tests read `requiredAction`. */
export function permit(action: Action): PermissionGuard {
  const guard = (async (c, next) => {
    if (!allows(c.get('member'), action)) throw forbidden();
    await next();
  }) as PermissionGuard;
  guard.requiredAction = action;
  return guard;
}

/**
 * For what only the person at the app may do (switching workspace, a new password, API tokens):
 * an API token is refused, so a token can never make a token, let alone one with more rights.
 */
export const sessionOnly: MiddlewareHandler<MemberEnv> = async (c, next) => {
  if (c.get('member').apiTokenId) throw forbidden('An API token cannot do this; sign in to Atrium instead');
  await next();
};
