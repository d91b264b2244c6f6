import { marketingSettingsInputSchema } from '@atrium/shared';
import { Hono } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { readBody } from '../../platform/http/request-input';
import type { MarketingSettingsService } from './marketing-settings.service';

/** The workspace's marketing settings (issue 23): marketers read them, marketing:manage saves them. */
export function marketingSettingsRoutes(service: MarketingSettingsService) {
  return new Hono<MemberEnv>()
    .get('/settings', permit('marketing:view'), async (c) => c.json(await service.get(c.get('member'))))
    .put('/settings', permit('marketing:manage'), async (c) =>
      c.json(await service.save(c.get('member'), await readBody(c, marketingSettingsInputSchema))),
    );
}
