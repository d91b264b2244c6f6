import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../platform/http/app-env';
import type { UnsubscribeService } from './unsubscribe.service';
import { confirmPage, invalidLinkPage, unsubscribedPage } from './unsubscribe.views';

/**
 * Public, on PUBLIC_URL: the unsubscribe page and RFC 8058's one-click POST (no sign-in). There is
 * no CSRF check here on purpose: a POST is the unsubscribe itself, whoever sends it, and the
 * mail provider's one-click request comes from no page at all. The body is not read: whatever a
 * provider or the page posts, a POST to a genuine link unsubscribes.
 */
export function unsubscribeRoutes(service: UnsubscribeService) {
  const answer = (c: Context<AppEnv>, page: ReturnType<typeof confirmPage> | null) => {
    // The page names the person's address: no browser or proxy keeps a copy.
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    return page ? c.html(page) : c.html(invalidLinkPage(), 404);
  };

  return new Hono<AppEnv>()
    .get('/u/:token', async (c) => {
      const token = c.req.param('token');
      const subject = await service.confirmation(token);
      return answer(c, subject && confirmPage(subject, `/m/u/${encodeURIComponent(token)}`));
    })
    .post('/u/:token', async (c) => {
      const subject = await service.unsubscribe(c.req.param('token'));
      return answer(c, subject && unsubscribedPage(subject));
    });
}
