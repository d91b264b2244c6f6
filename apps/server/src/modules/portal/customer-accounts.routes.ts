import { Hono } from 'hono';
import { customerListQuerySchema, customerSignUpSchema, inviteCustomerSchema } from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { newPasswordSchema } from '../../platform/auth/new-password';
import type { AppEnv } from '../../platform/http/app-env';
import { readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import { throttlePerAddress } from '../../platform/rate-limit/rate-limiter';
import type { CustomerAccountsService } from './customer-accounts.service';

// The password is also checked against the common-password list, which only the server holds.
export const customerSignUpInput = customerSignUpSchema.extend({ password: newPasswordSchema });

const signUpLimit = { name: 'customer-sign-up:address', max: 20, windowSeconds: 600 } as const;

/** The help desk's customers (issue 22), under /helpdesk/customers: agents list and invite them. */
export function customerAccountsRoutes(service: CustomerAccountsService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/', permit('helpdesk:view'), async (c) =>
      c.json(await service.list(c.get('member'), readQuery(c, customerListQuerySchema))),
    )
    .post('/invitations', permit('helpdesk:view'), async (c) => {
      const member = c.get('member');
      const workspace = member.workspaces.find((w) => w.workspaceId === member.tenantId)!;
      const input = await readBody(c, inviteCustomerSchema);
      return c.json(await service.invite(member, input, workspace.workspaceName), 201);
    });
}

/** Self sign-up on the help centre, under /public/sign-up: no session; every attempt counts. */
export function customerSignUpRoutes(service: CustomerAccountsService, platform: Platform) {
  return new Hono<AppEnv>().post(
    '/',
    throttlePerAddress(platform.rateLimiter, signUpLimit, platform.config.trustProxy),
    async (c) => c.json(await service.signUp(await readBody(c, customerSignUpInput)), 202),
  );
}
