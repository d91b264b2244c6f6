import {
  campaignActionSchema,
  previewCampaignSchema,
  sendCampaignSchema,
  testCampaignSchema,
} from '@atrium/shared';
import { Hono, type Context } from 'hono';
import { permit, type MemberEnv } from '../../platform/auth/member-context';
import { idParam, readBody } from '../../platform/http/request-input';
import type { SendingService } from './sending.service';

/** Sending email campaigns (issue 23): marketing:manage sends; marketing:view watches and previews. */
export function sendingRoutes(service: SendingService) {
  const action =
    (run: 'pause' | 'resume' | 'cancel' | 'resendUnconfirmed') => async (c: Context<MemberEnv>) =>
      c.json(await service[run](c.get('member'), idParam(c), await readBody(c, campaignActionSchema)));
  return new Hono<MemberEnv>()
    .get('/campaigns/:id/progress', permit('marketing:view'), async (c) =>
      c.json(await service.progress(c.get('member'), idParam(c))),
    )
    .post('/campaigns/:id/preview', permit('marketing:view'), async (c) =>
      c.json(await service.preview(c.get('member'), idParam(c), await readBody(c, previewCampaignSchema))),
    )
    .post('/campaigns/:id/test', permit('marketing:manage'), async (c) => {
      await service.sendTest(c.get('member'), idParam(c), await readBody(c, testCampaignSchema));
      return c.body(null, 204);
    })
    .post('/campaigns/:id/send', permit('marketing:manage'), async (c) =>
      c.json(await service.send(c.get('member'), idParam(c), await readBody(c, sendCampaignSchema))),
    )
    .post('/campaigns/:id/pause', permit('marketing:manage'), action('pause'))
    .post('/campaigns/:id/resume', permit('marketing:manage'), action('resume'))
    .post('/campaigns/:id/cancel', permit('marketing:manage'), action('cancel'))
    .post('/campaigns/:id/resend-unconfirmed', permit('marketing:manage'), action('resendUnconfirmed'));
}
