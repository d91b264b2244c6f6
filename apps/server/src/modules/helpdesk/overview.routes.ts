import { helpdeskOverviewQuerySchema } from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { readQuery } from '../../platform/http/request-input';
import type { HelpdeskService } from './helpdesk.service';

/** The help desk overview (issue 21, /helpdesk): KPIs and charts for the agents. */
export function overviewRoutes(service: HelpdeskService) {
  return new Hono<MemberEnv>().get('/overview', permit('helpdesk:view'), async (c) =>
    c.json(await service.overview(c.get('member'), readQuery(c, helpdeskOverviewQuerySchema))),
  );
}
