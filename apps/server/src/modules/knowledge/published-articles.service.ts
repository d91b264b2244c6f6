import type { Db } from '@atrium/db';
import {
  publishedArticlesRepository as repository,
  type PublishedListRow,
} from './published-articles.repository';

export type PublishedArticlesDeps = { db: Db; now?: () => Date };

/** An article as the public reads it: only published, public ones are ever returned. */
export type PublishedArticle = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  /** Sanitised html, as the knowledge base stored it. */
  content: string;
  category: { id: string; name: string } | null;
  updatedAt: string;
  helpful: number;
  notHelpful: number;
  views: number;
};

export type PublishedArticleItem = Pick<
  PublishedArticle,
  'id' | 'slug' | 'title' | 'summary' | 'updatedAt' | 'views'
>;

export type PublishedCategory = {
  id: string;
  name: string;
  /** Published public articles directly in it. */
  articleCount: number;
};
export type PublishedCategoryTree = (PublishedCategory & { children: PublishedCategory[] })[];

const toItem = (row: PublishedListRow): PublishedArticleItem => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  updatedAt: row.updatedAt.toISOString(),
  views: row.views,
});

/**
 * The knowledge base as customers and visitors read it (issue 22): the public help centre and the
 * customer portal. Views and "Was this helpful?" answers are counted per visitor, a keyed hash the
 * caller makes (never an address).
 */
export function createPublishedArticlesService(deps: PublishedArticlesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async article(tenantId: string, slug: string): Promise<PublishedArticle | undefined> {
      const row = await repository.findBySlug(db, tenantId, slug);
      if (!row) return undefined;
      return {
        ...toItem(row),
        content: row.content,
        category: row.categoryId && row.categoryName ? { id: row.categoryId, name: row.categoryName } : null,
        helpful: row.helpful,
        notHelpful: row.notHelpful,
      };
    },

    /** Counts once per visitor per (UTC) day; true when this view counted. */
    async recordView(tenantId: string, articleId: string, visitor: string): Promise<boolean> {
      const day = now().toISOString().slice(0, 10);
      return db.transaction((tx) => repository.recordView(tx, { tenantId, articleId, visitor, day }));
    },

    /** Once per visitor: a second answer replaces the first, and the counts follow. */
    async vote(tenantId: string, articleId: string, visitor: string, helpful: boolean): Promise<void> {
      const vote = { tenantId, articleId, visitor, helpful };
      await db.transaction(async (tx) => {
        let before = await repository.lockVote(tx, vote);
        if (before === undefined) {
          if (await repository.insertVote(tx, vote)) {
            await repository.addToCounts(tx, tenantId, articleId, {
              helpful: helpful ? 1 : 0,
              notHelpful: helpful ? 0 : 1,
            });
            return;
          }
          // The visitor's other request answered first: change that answer instead.
          before = await repository.lockVote(tx, vote);
        }
        if (before === undefined || before === helpful) return;
        await repository.changeVote(tx, vote);
        await repository.addToCounts(tx, tenantId, articleId, {
          helpful: helpful ? 1 : -1,
          notHelpful: helpful ? -1 : 1,
        });
      });
    },

    /** The readable address of each of the articles that is published and public, by id. */
    async slugsOf(tenantId: string, ids: string[]): Promise<Map<string, string>> {
      const rows = await repository.slugsOf(db, tenantId, ids);
      return new Map(rows.map((row) => [row.id, row.slug]));
    },

    async addresses(tenantId: string): Promise<{ slug: string; updatedAt: string }[]> {
      const rows = await repository.addresses(db, tenantId);
      return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() }));
    },

    async popular(tenantId: string, limit: number): Promise<PublishedArticleItem[]> {
      return (await repository.popular(db, tenantId, limit)).map(toItem);
    },

    /**
     * The categories (two levels, in their order) that hold published public articles, in them or
     * in a subcategory; empty ones are left out, since a visitor would find nothing there.
     */
    async categories(tenantId: string): Promise<PublishedCategoryTree> {
      const rows = await repository.categories(db, tenantId);
      const category = ({ id, name, articleCount }: PublishedCategory) => ({ id, name, articleCount });
      return rows
        .filter((row) => row.parentId === null)
        .map((top) => ({
          ...category(top),
          children: rows.filter((row) => row.parentId === top.id && row.articleCount > 0).map(category),
        }))
        .filter((top) => top.articleCount > 0 || top.children.length > 0);
    },

    /** Its published public articles by title (not those of its subcategories). */
    async inCategory(tenantId: string, categoryId: string): Promise<PublishedArticleItem[]> {
      return (await repository.inCategory(db, tenantId, categoryId)).map(toItem);
    },
  };
}

export type PublishedArticlesService = ReturnType<typeof createPublishedArticlesService>;
