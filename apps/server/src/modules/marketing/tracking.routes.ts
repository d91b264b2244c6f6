import { Hono } from 'hono';
import { notFound } from '../../platform/errors/app-error';
import type { AppEnv } from '../../platform/http/app-env';
import type { TrackingService } from './tracking.service';

/** The smallest transparent GIF: 1x1, one transparent colour. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Every hit must reach the server to be seen: no copy is kept anywhere on the way. */
const uncached = { 'Cache-Control': 'no-store' } as const;

/** Link numbers are small; anything else names no link. */
const linkIndexPattern = /^\d{1,4}$/;

/**
 * Public, on PUBLIC_URL (issue 23): the open pixel and the rewritten links of campaign mail, no
 * sign-in. The pixel answers the same for any token, so it tells nobody which tokens are genuine.
 */
export function trackingRoutes(service: TrackingService) {
  return new Hono<AppEnv>()
    .get('/o/:token', async (c) => {
      await service.open(c.req.param('token'), c.req.header('user-agent'));
      return c.body(new Uint8Array(pixel), 200, { ...uncached, 'Content-Type': 'image/gif' });
    })
    .get('/c/:token/:index', async (c) => {
      const index = c.req.param('index');
      const url = linkIndexPattern.test(index)
        ? await service.click(c.req.param('token'), Number(index), c.req.header('user-agent'))
        : null;
      if (!url) throw notFound();
      return c.body(null, 302, { ...uncached, Location: url });
    });
}
