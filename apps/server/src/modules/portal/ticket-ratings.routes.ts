import { Hono } from 'hono';
import { rateTicketSchema } from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import type { AppEnv } from '../../platform/http/app-env';
import { idParam, readBody } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { TicketRatingsService } from './ticket-ratings.service';

/** The portal's rating of the customer's own resolved ticket (issue 22), under /portal. */
export function portalRatingRoutes(service: TicketRatingsService, platform: Platform) {
  return memberRouter(platform.auth, platform.database.db)
    .get('/tickets/:id/rating', permit('portal:use'), async (c) =>
      c.json(await service.portalRating(c.get('member'), idParam(c))),
    )
    .post('/tickets/:id/rating', permit('portal:use'), async (c) => {
      const input = await readBody(c, rateTicketSchema);
      return c.json(await service.ratePortal(c.get('member'), idParam(c), input));
    });
}

/** The emailed link's page and answer, without signing in (issue 22), under /public/ratings. */
export function publicRatingRoutes(service: TicketRatingsService) {
  return new Hono<AppEnv>()
    .get('/:token', async (c) => c.json(await service.publicRating(c.req.param('token'))))
    .post('/:token', async (c) => {
      await service.ratePublic(c.req.param('token'), await readBody(c, rateTicketSchema));
      return c.body(null, 204);
    });
}
