import { updateLeadSchema } from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readBody } from '../../platform/http/request-input';
import type { LeadsService } from './leads.service';

/** One lead (issue 23): marketing:view reads it, marketing:manage moves its stage and sets its value. */
export function leadsRoutes(service: LeadsService) {
  return new Hono<MemberEnv>()
    .get('/leads/:id', permit('marketing:view'), async (c) =>
      c.json(await service.details(c.get('member'), idParam(c))),
    )
    .patch('/leads/:id', permit('marketing:manage'), async (c) => {
      const id = idParam(c);
      return c.json(await service.update(c.get('member'), id, await readBody(c, updateLeadSchema)));
    });
}
