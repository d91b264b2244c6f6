import { createSuppressionSchema, suppressionListQuerySchema } from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { SuppressionsService } from './suppressions.service';

/** The suppression list (issue 23): marketing reads it, marketing:manage adds and releases addresses. */
export function suppressionsRoutes(service: SuppressionsService) {
  return new Hono<MemberEnv>()
    .get('/suppressions', permit('marketing:view'), async (c) =>
      c.json(await service.list(c.get('member'), readQuery(c, suppressionListQuerySchema))),
    )
    .post('/suppressions', permit('marketing:manage'), async (c) =>
      c.json(await service.create(c.get('member'), await readBody(c, createSuppressionSchema)), 201),
    )
    .delete('/suppressions/:id', permit('marketing:manage'), async (c) => {
      await service.release(c.get('member'), idParam(c));
      return c.body(null, 204);
    });
}
