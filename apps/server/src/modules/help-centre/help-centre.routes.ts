import { Hono, type Context } from 'hono';
import { isbot } from 'isbot';
import type { AppEnv } from '../../platform/http/app-env';
import { bodyLimit } from '../../platform/http/body-limit';
import { clientIp } from '../../platform/http/client-ip';
import { sameOriginMutations } from '../../platform/http/same-origin';
import type { Platform } from '../../platform/platform';
import type { KnowledgeService, PublishedArticlesService } from '../knowledge';
import { createHelpCentreService, type HelpCentreSite } from './help-centre.service';
import {
  articlePage,
  articlePath,
  categoryPage,
  categoryPath,
  homePage,
  homePath,
  notFoundPage,
  searchPage,
  sitemap,
} from './help-centre.views';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A search longer than this is cut: nobody types more, and the query stays cheap. */
const maxQueryLength = 200;

/**
 * The public help centre (issue 22, ADR 030) at /help/<workspace slug>: pages made on the server,
 * no sign-in. A missing workspace, one whose help centre is off, and anything not published and
 * public answer the same 404 page.
 */
export function helpCentreRoutes(
  services: { knowledge: KnowledgeService; publishedArticles: PublishedArticlesService },
  platform: Platform,
) {
  const { config, publicUrl } = platform;
  const service = createHelpCentreService({
    db: platform.database.db,
    ...services,
    visitorKey: platform.keyFor('help centre visitor'),
  });

  const notFound = (c: Context<AppEnv>, site?: HelpCentreSite) => c.html(notFoundPage(site), 404);
  const visitorOf = (c: Context<AppEnv>) =>
    service.visitorOf(clientIp(c, config.trustProxy), c.req.header('user-agent') ?? '');
  /** Public pages change when an article does: a browser or proxy asks again each time. */
  const page = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-cache');

  /** The page for an open help centre; the 404 page for a missing workspace or a closed one. */
  const withSite =
    (handler: (c: Context<AppEnv>, site: HelpCentreSite) => Promise<Response>) =>
    async (c: Context<AppEnv>) => {
      const site = await service.site(c.req.param('slug') ?? '');
      return site ? handler(c, site) : notFound(c);
    };

  /** The article's page, its view counted; the 404 page unless it is published and public. */
  async function showArticle(c: Context<AppEnv>, site: HelpCentreSite, slug: string) {
    const article = await service.article(site, slug);
    if (!article) return notFound(c, site);
    if (!isbot(c.req.header('user-agent'))) await service.recordView(site, article.id, visitorOf(c));
    page(c);
    return c.html(
      articlePage(site, article, {
        canonical: `${publicUrl}${articlePath(site, article.slug)}`,
        thanked: c.req.query('thanks') !== undefined,
      }),
    );
  }

  // Only these paths: others under /help/<slug>/ (an article's images) are other modules' routes.
  return new Hono<AppEnv>()
    .get(
      '/:slug',
      withSite(async (c, site) => {
        page(c);
        return c.html(homePage(site, await service.home(site), `${publicUrl}${homePath(site)}`));
      }),
    )
    .get(
      '/:slug/sitemap.xml',
      withSite(async (c, site) => {
        const articles = await service.sitemap(site);
        const day = (instant: string) => instant.slice(0, 10);
        const newest = articles
          .map((article) => article.updatedAt)
          .sort()
          .at(-1);
        const urls = [
          { loc: `${publicUrl}${homePath(site)}`, lastmod: newest && day(newest) },
          ...articles.map((article) => ({
            loc: `${publicUrl}${articlePath(site, article.slug)}`,
            lastmod: day(article.updatedAt),
          })),
        ];
        c.header('Content-Type', 'application/xml; charset=utf-8');
        c.header('Cache-Control', 'public, max-age=3600');
        return c.body(await sitemap(urls));
      }),
    )
    .get(
      '/:slug/search',
      withSite(async (c, site) => {
        // The search form always sends q: without it, this is the address of an article titled "Search".
        if (c.req.query('q') === undefined) return showArticle(c, site, 'search');
        const q = (c.req.query('q') ?? '').trim().slice(0, maxQueryLength);
        page(c);
        return c.html(searchPage(site, q, q ? await service.search(site, q) : []));
      }),
    )
    .get(
      '/:slug/categories/:id',
      withSite(async (c, site) => {
        const id = c.req.param('id') ?? '';
        const category = uuidPattern.test(id) ? await service.category(site, id) : undefined;
        if (!category) return notFound(c, site);
        page(c);
        return c.html(categoryPage(site, category, `${publicUrl}${categoryPath(site, id)}`));
      }),
    )
    .get(
      '/:slug/:articleSlug',
      withSite(async (c, site) => showArticle(c, site, c.req.param('articleSlug') ?? '')),
    )
    .post(
      '/:slug/:articleSlug/feedback',
      sameOriginMutations(platform.trustedOrigins),
      bodyLimit(4 * 1024),
      withSite(async (c, site) => {
        const article = await service.article(site, c.req.param('articleSlug') ?? '');
        if (!article) return notFound(c, site);
        const answer = (await c.req.parseBody())['helpful'];
        if (answer === 'yes' || answer === 'no') {
          await service.vote(site, article.id, visitorOf(c), answer === 'yes');
        }
        return c.redirect(`${articlePath(site, article.slug)}?thanks#feedback`, 303);
      }),
    );
}

/**
 * For search engines: the help centres are the pages worth indexing; the API is not. Workspaces'
 * sitemaps are not listed here, which would name every workspace: a workspace gives a search engine
 * its own (/help/<slug>/sitemap.xml).
 */
export const robotsTxt = (c: Context<AppEnv>) =>
  c.text('User-agent: *\nDisallow: /api/\nAllow: /help/\n', 200, {
    'Cache-Control': 'public, max-age=86400',
  });
