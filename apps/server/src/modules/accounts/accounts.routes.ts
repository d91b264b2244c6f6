import { Hono } from 'hono';
import { acceptInvitationSchema, loginSchema, signupSchema, switchWorkspaceSchema } from '@atrium/shared';
import { memberRouter, resolveMember } from '../../platform/auth/member-context';
import type { AppEnv } from '../../platform/http/app-env';
import { clientIp } from '../../platform/http/client-ip';
import { idParam, readBody, setCookies } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { AccountsService } from './accounts.service';

/** Sign-up, sign-in, sign-out and invitation links: no session needed. */
export function publicAccountRoutes(service: AccountsService, platform: Platform) {
  return (
    new Hono<AppEnv>()
      .post('/auth/signup', async (c) => {
        const { me, cookies } = await service.signup(await readBody(c, signupSchema), c.req.raw.headers);
        setCookies(c, cookies);
        return c.json(me, 201);
      })
      .post('/auth/login', async (c) => {
        const input = await readBody(c, loginSchema);
        const { me, cookies } = await service.login(
          input,
          clientIp(c, platform.config.trustProxy),
          c.req.raw.headers,
        );
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
        const input = await readBody(c, acceptInvitationSchema);
        const { me, cookies } = await service.acceptInvitation(idParam(c), input, c.req.raw.headers);
        setCookies(c, cookies);
        return c.json(me);
      })
  );
}

/** The signed-in person: who they are, their workspaces, and switching between them. */
export function meRoutes(service: AccountsService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/', async (c) => {
      const member = c.get('member');
      return c.json(
        await service.buildMe({ id: member.userId, name: member.name, email: member.email }, member.tenantId),
      );
    })
    .post('/workspace', async (c) => {
      const { workspaceId } = await readBody(c, switchWorkspaceSchema);
      return c.json(await service.switchWorkspace(c.get('member'), workspaceId));
    });
}
