import { createHmac } from 'node:crypto';
import type { Db } from '@atrium/db';
import type { KnowledgeService, PublishedArticlesService } from '../knowledge';
import { helpCentreRepository as repository } from './help-centre.repository';

export type HelpCentreDeps = {
  db: Db;
  knowledge: KnowledgeService;
  publishedArticles: PublishedArticlesService;
  /** The key visitors are hashed with (derived from AUTH_SECRET for this purpose only). */
  visitorKey: Buffer;
};

/** A workspace whose help centre is open. */
export type HelpCentreSite = {
  tenantId: string;
  name: string;
  slug: string;
  logo: string | null;
  timeZone: string;
  customerSignUp: boolean;
};

export type HelpCentreSearchResult = {
  slug: string;
  title: string;
  summary: string;
  /** html escaped but for <mark> around the words found. */
  snippet: string;
};

/** Search results per page: one page of the best matches, as the knowledge search answers. */
const searchLimit = 20;
const popularLimit = 8;

/**
 * The public help centre (issue 22, ADR 030): what a signed-out visitor reads of a workspace's
 * knowledge base. Everything goes through the published-articles service and the one search with
 * the 'public' audience, so only published, public articles ever reach it.
 */
export function createHelpCentreService(deps: HelpCentreDeps) {
  const { db, knowledge, publishedArticles } = deps;

  return {
    /** The workspace, unless it is missing or has turned its help centre off. */
    async site(slug: string): Promise<HelpCentreSite | undefined> {
      const row = await repository.findSite(db, slug);
      // No saved settings yet: the columns' defaults (help centre on, no sign-up).
      if (!row || row.helpCentreEnabled === false) return undefined;
      return {
        tenantId: row.tenantId,
        name: row.name,
        slug: row.slug,
        logo: row.logo,
        timeZone: row.timeZone,
        customerSignUp: row.customerSignUp ?? false,
      };
    },

    /**
     * Who is reading, without a cookie: a keyed hash of the address and browser, the same all day
     * for one person and unreadable to anyone without the key. The address itself is never kept.
     */
    visitorOf(address: string, userAgent: string): string {
      return createHmac('sha256', deps.visitorKey).update(`${address}\n${userAgent}`).digest('base64url');
    },

    async home(site: HelpCentreSite) {
      const [categories, popular] = await Promise.all([
        publishedArticles.categories(site.tenantId),
        publishedArticles.popular(site.tenantId, popularLimit),
      ]);
      return { categories, popular };
    },

    async search(site: HelpCentreSite, q: string): Promise<HelpCentreSearchResult[]> {
      const found = await knowledge.search(site.tenantId, { audience: 'public', q, limit: searchLimit });
      const slugs = await publishedArticles.slugsOf(
        site.tenantId,
        found.map((article) => article.id),
      );
      return found.flatMap((article) => {
        const slug = slugs.get(article.id);
        // Unpublished between the two reads: left out.
        return slug
          ? [{ slug, title: article.title, summary: article.summary, snippet: article.snippet ?? '' }]
          : [];
      });
    },

    /** The category (top or sub) with its articles and subcategories; undefined when it holds none. */
    async category(site: HelpCentreSite, id: string) {
      const tree = await publishedArticles.categories(site.tenantId);
      const top = tree.find((category) => category.id === id);
      const parent = top
        ? undefined
        : tree.find((category) => category.children.some((sub) => sub.id === id));
      const category = top ?? parent?.children.find((sub) => sub.id === id);
      if (!category) return undefined;
      return {
        category,
        parent: parent ? { id: parent.id, name: parent.name } : null,
        subcategories: top?.children ?? [],
        articles: await publishedArticles.inCategory(site.tenantId, id),
      };
    },

    article: (site: HelpCentreSite, slug: string) => publishedArticles.article(site.tenantId, slug),
    recordView: (site: HelpCentreSite, articleId: string, visitor: string) =>
      publishedArticles.recordView(site.tenantId, articleId, visitor),
    vote: (site: HelpCentreSite, articleId: string, visitor: string, helpful: boolean) =>
      publishedArticles.vote(site.tenantId, articleId, visitor, helpful),
    sitemap: (site: HelpCentreSite) => publishedArticles.addresses(site.tenantId),
  };
}

export type HelpCentreService = ReturnType<typeof createHelpCentreService>;
