import { Hono } from 'hono';
import {
  acceptInvitationSchema,
  changePasswordSchema,
  loginSchema,
  signupSchema,
  switchWorkspaceSchema,
} from '@atrium/shared';
import type { Context } from 'hono';
import { memberRouter, resolveMember, sessionOnly } from '../../platform/auth/member-context';
import { newPasswordSchema } from '../../platform/auth/new-password';
import type { AppEnv } from '../../platform/http/app-env';
import { clientIp } from '../../platform/http/client-ip';
import { idParam, readBody, setCookies } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import { throttlePerAddress } from '../../platform/rate-limit/rate-limiter';
import type { AccountsService, RequestOrigin } from './accounts.service';

// A password being set is also checked against the common-password list, which only the server holds.
export const signupInput = signupSchema.extend({ password: newPasswordSchema });
export const acceptInput = acceptInvitationSchema.extend({ password: newPasswordSchema.optional() });
export const changePasswordInput = changePasswordSchema.extend({ newPassword: newPasswordSchema });

const signUpLimit = { name: 'sign-up:address', max: 20, windowSeconds: 600 } as const;

const requestOrigin = (c: Context, platform: Platform): RequestOrigin => ({
  headers: c.req.raw.headers,
  address: clientIp(c, platform.config.trustProxy),
});

/** Sign-up, sign-in, sign-out and invitation links: no session needed. */
export function publicAccountRoutes(service: AccountsService, platform: Platform) {
  return (
    new Hono<AppEnv>()
      // Every attempt counts, valid or not: one address cannot create workspaces in bulk (issue 17).
      .post(
        '/auth/signup',
        throttlePerAddress(platform.rateLimiter, signUpLimit, platform.config.trustProxy),
        async (c) => {
          const result = await service.signup(await readBody(c, signupInput), c.req.raw.headers);
          if ('confirmEmail' in result) return c.json(result, 202);
          setCookies(c, result.cookies);
          return c.json(result.me, 201);
        },
      )
      .post('/auth/login', async (c) => {
        const input = await readBody(c, loginSchema);
        const { me, cookies } = await service.login(input, requestOrigin(c, platform));
        setCookies(c, cookies);
        return c.json(me);
      })
      // Who is signed in, or null: 200 either way, so a signed-out visit is not an error in the browser.
      // Unlike the auth library's get-session, it never hands the session token to JavaScript.
      .get('/session', async (c) => {
        const resolved = await resolveMember(platform.auth, platform.database.db, c.req.raw.headers).catch(
          () => null,
        );
        if (!resolved) return c.json(null);
        const { member, setCookies: refreshed } = resolved;
        setCookies(c, refreshed);
        return c.json(
          await service.buildMe(
            { id: member.userId, name: member.name, email: member.email },
            member.tenantId,
          ),
        );
      })
      .post('/auth/logout', async (c) => {
        setCookies(c, await service.logout(c.req.raw.headers));
        return c.body(null, 204);
      })
      .get('/invitations/:id', async (c) => c.json(await service.previewInvitation(idParam(c))))
      .post('/invitations/:id/accept', async (c) => {
        const input = await readBody(c, acceptInput);
        const { me, cookies } = await service.acceptInvitation(idParam(c), input, c.req.raw.headers);
        setCookies(c, cookies);
        return c.json(me);
      })
  );
}

/** The signed-in person: who they are, their workspaces, and switching between them. */
export function meRoutes(service: AccountsService, platform: Platform) {
  return (
    memberRouter(platform.auth, platform.database.db)
      .get('/', async (c) => {
        const member = c.get('member');
        return c.json(
          await service.buildMe(
            { id: member.userId, name: member.name, email: member.email },
            member.tenantId,
          ),
        );
      })
      // An API token belongs to one workspace and is no way to a password.
      .post('/workspace', sessionOnly, async (c) => {
        const { workspaceId } = await readBody(c, switchWorkspaceSchema);
        return c.json(await service.switchWorkspace(c.get('member'), workspaceId));
      })
      .post('/password', sessionOnly, async (c) => {
        const input = await readBody(c, changePasswordInput);
        setCookies(c, await service.changePassword(c.get('member'), input, requestOrigin(c, platform)));
        return c.body(null, 204);
      })
  );
}
