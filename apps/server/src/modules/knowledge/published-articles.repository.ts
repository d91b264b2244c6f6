import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@atrium/db';

const {
  knowledgeArticles: articles,
  knowledgeCategories: categories,
  knowledgeArticleViews: views,
  knowledgeArticleVotes: votes,
} = schema;

/**
 * Counts change without the article changing: its updated time stays (Drizzle would refresh it),
 * and its version too, so that an author's save is not refused for a visitor's view.
 */
const keepUpdatedAt = { updatedAt: sql`${articles.updatedAt}` };

/** Only what the public may read (issue 22): published and public. */
const published = (tenantId: string) =>
  and(eq(articles.tenantId, tenantId), eq(articles.status, 'published'), eq(articles.visibility, 'public'));

const listColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  views: articles.views,
  updatedAt: articles.updatedAt,
};
export type PublishedListRow = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  views: number;
  updatedAt: Date;
};

export type PublishedArticleRow = PublishedListRow & {
  content: string;
  categoryId: string | null;
  categoryName: string | null;
  helpful: number;
  notHelpful: number;
};

export const publishedArticlesRepository = {
  async findBySlug(db: Db, tenantId: string, slug: string): Promise<PublishedArticleRow | undefined> {
    const [row] = await db
      .select({
        ...listColumns,
        content: articles.content,
        categoryId: articles.categoryId,
        categoryName: categories.name,
        helpful: articles.helpful,
        notHelpful: articles.notHelpful,
      })
      .from(articles)
      .leftJoin(
        categories,
        and(eq(categories.tenantId, articles.tenantId), eq(categories.id, articles.categoryId)),
      )
      .where(and(published(tenantId), eq(articles.slug, slug)));
    return row;
  },

  /** The readable addresses of those of the articles that are published and public. */
  async slugsOf(db: Db, tenantId: string, ids: string[]): Promise<{ id: string; slug: string }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: articles.id, slug: articles.slug })
      .from(articles)
      .where(and(published(tenantId), inArray(articles.id, ids)));
  },

  /** Every published public article's address and last change, for a sitemap. */
  async addresses(db: Db, tenantId: string): Promise<{ slug: string; updatedAt: Date }[]> {
    return db
      .select({ slug: articles.slug, updatedAt: articles.updatedAt })
      .from(articles)
      .where(published(tenantId))
      .orderBy(asc(articles.slug));
  },

  /** Most viewed first (knowledge_articles_popular_idx). */
  async popular(db: Db, tenantId: string, limit: number): Promise<PublishedListRow[]> {
    return db
      .select(listColumns)
      .from(articles)
      .where(published(tenantId))
      .orderBy(desc(articles.views), asc(articles.title))
      .limit(limit);
  },

  async inCategory(db: Db, tenantId: string, categoryId: string): Promise<PublishedListRow[]> {
    return db
      .select(listColumns)
      .from(articles)
      .where(and(published(tenantId), eq(articles.categoryId, categoryId)))
      .orderBy(asc(articles.title), asc(articles.id));
  },

  /** Every category in its order, with the number of published public articles directly in it. */
  async categories(db: Db, tenantId: string) {
    const counts = db
      .select({ categoryId: articles.categoryId, articleCount: count().as('article_count') })
      .from(articles)
      .where(published(tenantId))
      .groupBy(articles.categoryId)
      .as('counts');
    return db
      .select({
        id: categories.id,
        name: categories.name,
        parentId: categories.parentId,
        articleCount: sql<number>`coalesce(${counts.articleCount}, 0)::int`,
      })
      .from(categories)
      .leftJoin(counts, eq(counts.categoryId, categories.id))
      .where(eq(categories.tenantId, tenantId))
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  },

  /** The visitor's first view of the article that day counts; false when it was already counted. */
  async recordView(
    tx: Tx,
    view: { tenantId: string; articleId: string; visitor: string; day: string },
  ): Promise<boolean> {
    const [inserted] = await tx
      .insert(views)
      .values(view)
      .onConflictDoNothing()
      .returning({ articleId: views.articleId });
    if (!inserted) return false;
    await tx
      .update(articles)
      .set({ views: sql`${articles.views} + 1`, ...keepUpdatedAt })
      .where(and(eq(articles.tenantId, view.tenantId), eq(articles.id, view.articleId)));
    return true;
  },

  /** The visitor's answer so far, locked until the transaction ends; undefined before the first. */
  async lockVote(
    tx: Tx,
    vote: { tenantId: string; articleId: string; visitor: string },
  ): Promise<boolean | undefined> {
    const [row] = await tx
      .select({ helpful: votes.helpful })
      .from(votes)
      .where(
        and(
          eq(votes.tenantId, vote.tenantId),
          eq(votes.articleId, vote.articleId),
          eq(votes.visitor, vote.visitor),
        ),
      )
      .for('update');
    return row?.helpful;
  },

  /** The first answer; false when another request of the visitor's got there first. */
  async insertVote(
    tx: Tx,
    vote: { tenantId: string; articleId: string; visitor: string; helpful: boolean },
  ): Promise<boolean> {
    const rows = await tx.insert(votes).values(vote).onConflictDoNothing().returning({ id: votes.articleId });
    return rows.length > 0;
  },

  async changeVote(tx: Tx, vote: { tenantId: string; articleId: string; visitor: string; helpful: boolean }) {
    await tx
      .update(votes)
      .set({ helpful: vote.helpful })
      .where(
        and(
          eq(votes.tenantId, vote.tenantId),
          eq(votes.articleId, vote.articleId),
          eq(votes.visitor, vote.visitor),
        ),
      );
  },

  async addToCounts(
    tx: Tx,
    tenantId: string,
    articleId: string,
    change: { helpful: number; notHelpful: number },
  ) {
    await tx
      .update(articles)
      .set({
        helpful: sql`${articles.helpful} + ${change.helpful}`,
        notHelpful: sql`${articles.notHelpful} + ${change.notHelpful}`,
        ...keepUpdatedAt,
      })
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, articleId)));
  },
};
