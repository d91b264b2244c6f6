import { campaignEventsQuerySchema, campaignRecipientsQuerySchema } from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readQuery } from '../../platform/http/request-input';
import type { CampaignReportsService } from './campaign-reports.service';

/** A campaign's results page (issue 23): funnel and charts, recipients, bounces and unsubscribes. */
export function campaignReportsRoutes(service: CampaignReportsService) {
  return new Hono<MemberEnv>()
    .get('/campaigns/:id/results', permit('marketing:view'), async (c) =>
      c.json(await service.results(c.get('member'), idParam(c))),
    )
    .get('/campaigns/:id/recipients', permit('marketing:view'), async (c) => {
      const id = idParam(c);
      return c.json(
        await service.recipients(c.get('member'), id, readQuery(c, campaignRecipientsQuerySchema)),
      );
    })
    .get('/campaigns/:id/events', permit('marketing:view'), async (c) => {
      const id = idParam(c);
      return c.json(await service.events(c.get('member'), id, readQuery(c, campaignEventsQuerySchema)));
    });
}
