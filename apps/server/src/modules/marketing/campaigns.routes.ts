import { campaignListQuerySchema, createCampaignSchema, updateCampaignSchema } from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readBody, readQuery } from '../../platform/http/request-input';
import type { CampaignsService } from './campaigns.service';

/**
 * Marketing > Campaigns (issue 23): the list with filters and keyset pages, a campaign's record,
 * create, edit, duplicate and delete. Sending has routes of its own.
 */
export function campaignsRoutes(service: CampaignsService) {
  return new Hono<MemberEnv>()
    .get('/campaigns', permit('marketing:view'), async (c) =>
      c.json(await service.list(c.get('member'), readQuery(c, campaignListQuerySchema))),
    )
    .post('/campaigns', permit('marketing:manage'), async (c) =>
      c.json(await service.create(c.get('member'), await readBody(c, createCampaignSchema)), 201),
    )
    .get('/campaigns/:id', permit('marketing:view'), async (c) =>
      c.json(await service.get(c.get('member'), idParam(c))),
    )
    .patch('/campaigns/:id', permit('marketing:manage'), async (c) => {
      const id = idParam(c);
      return c.json(await service.update(c.get('member'), id, await readBody(c, updateCampaignSchema)));
    })
    .post('/campaigns/:id/duplicate', permit('marketing:manage'), async (c) =>
      c.json(await service.duplicate(c.get('member'), idParam(c)), 201),
    )
    .delete('/campaigns/:id', permit('marketing:manage'), async (c) => {
      await service.remove(c.get('member'), idParam(c));
      return c.body(null, 204);
    });
}
