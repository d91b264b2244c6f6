import { createApiTokenSchema } from '@atrium/shared';
import { memberRouter, sessionOnly } from '../auth/member-context';
import { idParam, readBody } from '../http/request-input';
import type { Platform } from '../platform';
import type { ApiTokensService } from './api-tokens.service';

/**
 * Settings > API tokens (issue 19): every member manages their own, Admins every token of the
 * workspace. Only a signed-in session reaches these, never a token.
 */
export function apiTokensRoutes(service: ApiTokensService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .use(sessionOnly)
    .get('/', async (c) => c.json({ data: await service.list(c.get('member')) }))
    .post('/', async (c) =>
      c.json(await service.create(c.get('member'), await readBody(c, createApiTokenSchema)), 201),
    )
    .delete('/:id', async (c) => {
      await service.revoke(c.get('member'), idParam(c));
      return c.body(null, 204);
    });
}
