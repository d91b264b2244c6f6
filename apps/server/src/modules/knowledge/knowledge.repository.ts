import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { schema, type Db, type Tx } from '@atrium/db';
import {
  articlesVisibleTo,
  type KnowledgeArticleStatus,
  type KnowledgeArticleVisibility,
  type KnowledgeAudience,
} from '@atrium/shared';
import { keysetCursor, keysetCursorShape, keysetPage, type KeysetSort } from '../../platform/db/keyset';
import { rowsOf, violatesUnique } from '../../platform/db/results';

const {
  knowledgeArticles: articles,
  knowledgeCategories: categories,
  knowledgeArticleRevisions: revisions,
  knowledgeArticleImages: images,
} = schema;
const { knowledgeSearchMisses: misses, employees, users, helpdeskSettings, storedFiles, workspaces } = schema;

// ---- categories -------------------------------------------------------------------------------

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  parentId: categories.parentId,
  position: categories.position,
  version: categories.version,
};
export type CategoryRow = {
  id: string;
  name: string;
  parentId: string | null;
  position: number;
  version: number;
};

const sameParent = (parentId: string | null) =>
  parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId);

// ---- articles ---------------------------------------------------------------------------------

const authorName = sql<string | null>`${employees.firstName} || ' ' || ${employees.lastName}`;

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  status: articles.status,
  visibility: articles.visibility,
  categoryId: articles.categoryId,
  categoryName: categories.name,
  tags: articles.tags,
  authorId: articles.authorId,
  authorName,
  views: articles.views,
  helpful: articles.helpful,
  notHelpful: articles.notHelpful,
  updatedAt: articles.updatedAt,
  version: articles.version,
};
export type ArticleSummaryRow = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  status: KnowledgeArticleStatus;
  visibility: KnowledgeArticleVisibility;
  categoryId: string | null;
  categoryName: string | null;
  tags: string[];
  authorId: string | null;
  authorName: string | null;
  views: number;
  helpful: number;
  notHelpful: number;
  updatedAt: Date;
  version: number;
};
export type ArticleRow = ArticleSummaryRow & {
  content: string;
  createdAt: Date;
  lastReviewedAt: Date | null;
  revision: number;
};
export type ReviewRow = ArticleSummaryRow & { lastReviewedAt: Date | null; createdAt: Date };
export type SearchRow = ArticleSummaryRow & { headline: string };

export type ArticleFilter = {
  categoryId?: string;
  status?: KnowledgeArticleStatus;
  visibility?: KnowledgeArticleVisibility;
  tag?: string;
};

export type ArticleContent = { title: string; summary: string; content: string; contentText: string };
export type ArticleChanges = Partial<ArticleContent> & {
  categoryId?: string | null;
  tags?: string[];
  visibility?: KnowledgeArticleVisibility;
  status?: KnowledgeArticleStatus;
  lastReviewedAt?: Date;
  reviewRemindedAt?: Date | null;
};

/** The agents' list reads (tenant_id, updated_at) backwards (knowledge_articles_updated_idx). */
const newestFirst: KeysetSort<ArticleSummaryRow> = {
  exprs: [sql`${articles.updatedAt}`],
  casts: [{ type: 'timestamptz' }],
  values: (row) => [row.updatedAt.toISOString()],
};
export const articleCursorShape = keysetCursorShape(newestFirst);
export const articleCursorValues = (row: ArticleSummaryRow) => keysetCursor(newestFirst, row);

/** Unreviewed since: the last review, or since it was written when it never had one. */
const unreviewedSince = sql`coalesce(${articles.lastReviewedAt}, ${articles.createdAt})`;

/** The review list, longest unreviewed first. */
const longestUnreviewedFirst: KeysetSort<ReviewRow> = {
  exprs: [unreviewedSince],
  casts: [{ type: 'timestamptz' }],
  values: (row) => [(row.lastReviewedAt ?? row.createdAt).toISOString()],
};
export const reviewCursorShape = keysetCursorShape(longestUnreviewedFirst);
export const reviewCursorValues = (row: ReviewRow) => keysetCursor(longestUnreviewedFirst, row);

/**
 * Published and due for review at `now` (knowledge-rules.ts articleNeedsReview, in SQL): never
 * reviewed, or not within the workspace's months. `months` is the workspace's setting, or the default.
 */
const dueForReview = (now: Date, months: SQL) => sql`${articles.status} = 'published'
  and (${articles.lastReviewedAt} is null
    or ${articles.lastReviewedAt} <= ${now.toISOString()}::timestamptz - make_interval(months => ${months}))`;

const reviewMonthsOf = (tenantId: SQL, defaultMonths: number) =>
  sql`coalesce((select ${helpdeskSettings.reviewAfterMonths} from ${helpdeskSettings}
    where ${helpdeskSettings.tenantId} = ${tenantId}), ${defaultMonths})::int`;

function filterWhere(tenantId: string, filter: ArticleFilter, audience: KnowledgeAudience): SQL | undefined {
  const visible = articlesVisibleTo(audience);
  const status = filter.status ?? visible.status;
  const visibility = filter.visibility ?? visible.visibility;
  return and(
    eq(articles.tenantId, tenantId),
    filter.categoryId ? eq(articles.categoryId, filter.categoryId) : undefined,
    status ? eq(articles.status, status) : undefined,
    // A filter never widens what the audience may see.
    visible.status && status !== visible.status ? sql`false` : undefined,
    visibility ? eq(articles.visibility, visibility) : undefined,
    visible.visibility && visibility !== visible.visibility ? sql`false` : undefined,
    filter.tag ? sql`${articles.tags} @> array[${filter.tag}]::text[]` : undefined,
  );
}

/** The articles with their category's and author's names; callers type the rows they selected. */
function selectArticles(db: Db | Tx, columns: SelectedFields) {
  return db
    .select(columns)
    .from(articles)
    .leftJoin(
      categories,
      and(eq(categories.tenantId, articles.tenantId), eq(categories.id, articles.categoryId)),
    )
    .leftJoin(employees, and(eq(employees.tenantId, articles.tenantId), eq(employees.id, articles.authorId)));
}

/**
 * The words of a search as a tsquery text: every word must match, the last one as a prefix (the
 * searcher may not have finished typing it). Words are letters and digits only, so nothing in
 * them is tsquery syntax.
 */
export function searchQueryOf(q: string): string | undefined {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words.map((word, i) => `'${word}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/** Around the words a snippet marks; characters no article keeps (the service strips them). */
export const markStart = '\uE000';
export const markEnd = '\uE001';

/** Full text finds fewer than this many: the title's trigrams are read as well, for typos. */
const fewMatches = 3;

export const knowledgeRepository = {
  // ---- categories ----

  async listCategories(db: Db, tenantId: string): Promise<(CategoryRow & { articleCount: number })[]> {
    const counts = db
      .select({ categoryId: articles.categoryId, articleCount: count().as('article_count') })
      .from(articles)
      .where(eq(articles.tenantId, tenantId))
      .groupBy(articles.categoryId)
      .as('counts');
    return db
      .select({ ...categoryColumns, articleCount: sql<number>`coalesce(${counts.articleCount}, 0)::int` })
      .from(categories)
      .leftJoin(counts, eq(counts.categoryId, categories.id))
      .where(eq(categories.tenantId, tenantId))
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  },

  async findCategory(db: Db | Tx, tenantId: string, id: string): Promise<CategoryRow | undefined> {
    const [row] = await db
      .select(categoryColumns)
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)));
    return row;
  },

  /** Last among its siblings. */
  async insertCategory(db: Db, tenantId: string, values: { name: string; parentId: string | null }) {
    const [row] = await db
      .insert(categories)
      .values({
        tenantId,
        ...values,
        position: sql`(select coalesce(max(${categories.position}) + 1, 0) from ${categories}
          where ${categories.tenantId} = ${tenantId} and ${sameParent(values.parentId)})`,
      })
      .returning(categoryColumns);
    return row as CategoryRow;
  },

  async renameCategory(db: Db, change: { tenantId: string; id: string; version: number; name: string }) {
    const { tenantId, id, version, name } = change;
    const [row] = await db
      .update(categories)
      .set({ name, version: sql`${categories.version} + 1` })
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id), eq(categories.version, version)))
      .returning(categoryColumns);
    return row as CategoryRow | undefined;
  },

  /**
   * Puts the category at `position` among its new siblings and numbers the siblings 0, 1, 2 ...
   * again; undefined when its version is stale.
   */
  async moveCategory(
    tx: Tx,
    move: { tenantId: string; id: string; version: number; parentId: string | null; position: number },
  ): Promise<CategoryRow | undefined> {
    const { tenantId, id, version, parentId } = move;
    const [moved] = await tx
      .update(categories)
      .set({ parentId, version: sql`${categories.version} + 1` })
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id), eq(categories.version, version)))
      .returning({ id: categories.id });
    if (!moved) return undefined;
    const siblings = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), sameParent(parentId), ne(categories.id, id)))
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
    const order = siblings.map((sibling) => sibling.id);
    order.splice(Math.min(move.position, order.length), 0, id);
    const ids = sql`array[${sql.join(
      order.map((sibling) => sql`${sibling}`),
      sql`, `,
    )}]::uuid[]`;
    await tx.execute(sql`
      update ${categories} set position = o.n - 1
      from unnest(${ids}) with ordinality as o(id, n)
      where ${categories.tenantId} = ${tenantId} and ${categories.id} = o.id`);
    return this.findCategory(tx, tenantId, id);
  },

  async hasSubcategories(db: Db | Tx, tenantId: string, id: string): Promise<boolean> {
    const rows = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.parentId, id)))
      .limit(1);
    return rows.length > 0;
  },

  /** Whether anything sits in it: subcategories or articles (of any status). */
  async categoryIsEmpty(db: Db | Tx, tenantId: string, id: string): Promise<boolean> {
    const result = await db.execute(sql`select
      exists (select 1 from ${categories} where ${categories.tenantId} = ${tenantId} and ${categories.parentId} = ${id})
      or exists (select 1 from ${articles} where ${articles.tenantId} = ${tenantId} and ${articles.categoryId} = ${id})
      as used`);
    return !rowsOf<{ used: boolean }>(result)[0]?.used;
  },

  async deleteCategory(db: Db | Tx, tenantId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
      .returning({ id: categories.id });
    return rows.length > 0;
  },

  isDuplicateCategoryName: (error: unknown) => violatesUnique(error, 'knowledge_categories_name_unique'),
  /** PostgreSQL's foreign_key_violation (23503): a category missing, or one still in use. */
  violatesForeignKey: (error: unknown) => {
    for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      if ((e as { code?: unknown }).code === '23503') return true;
    }
    return false;
  },

  // ---- articles ----

  /** One keyset page of the articles an audience may see, newest change first. */
  async listArticles(
    db: Db,
    query: {
      tenantId: string;
      audience: KnowledgeAudience;
      filter: ArticleFilter;
      cursor: (string | number | null)[] | undefined;
      limit: number;
    },
  ): Promise<ArticleSummaryRow[]> {
    const where = filterWhere(query.tenantId, query.filter, query.audience);
    return keysetPage(
      {
        sort: newestFirst,
        idColumn: sql`${articles.id}`,
        direction: 'desc',
        cursor: query.cursor,
        limit: query.limit,
      },
      (page) =>
        selectArticles(db, summaryColumns)
          .where(and(where, page.where))
          .orderBy(...page.orderBy)
          .limit(page.limit) as unknown as Promise<ArticleSummaryRow[]>,
    );
  },

  /**
   * The one knowledge-base search, for every audience (issue 22): full text ranked by where the
   * words are (title A, summary B, body C, ts_rank_cd), the last word a prefix; when that finds
   * few, titles within a typo of the words follow, most alike first. Each row's headline is its
   * body around the words, marked with markStart / markEnd, not yet escaped.
   */
  async search(
    db: Db,
    query: { tenantId: string; audience: KnowledgeAudience; filter: ArticleFilter; q: string; limit: number },
  ): Promise<SearchRow[]> {
    const { tenantId, audience, filter, q, limit } = query;
    const where = filterWhere(tenantId, filter, audience);
    const tsquery = searchQueryOf(q);
    const headline = (terms: SQL) =>
      sql<string>`ts_headline('simple', ${articles.contentText}, ${terms},
        ${`StartSel=${markStart}, StopSel=${markEnd}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`})`;
    const found: SearchRow[] = [];
    if (tsquery) {
      const terms = sql`to_tsquery('simple', ${tsquery})`;
      const rank = sql`ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', ${articles.searchVector}, ${terms})`;
      found.push(
        ...((await selectArticles(db, { ...summaryColumns, headline: headline(terms) })
          .where(and(where, sql`${articles.searchVector} @@ ${terms}`))
          .orderBy(desc(rank), desc(articles.updatedAt), asc(articles.id))
          .limit(limit)) as unknown as SearchRow[]),
      );
    }
    if (found.length >= Math.min(fewMatches, limit)) return found;
    // `<%` is word similarity above pg_trgm's threshold (0.6), served by the title's trigram index:
    // one wrong, missing or extra letter in a word of five or more still passes.
    const alike = sql`${q} <% ${articles.title}`;
    const foundIds = found.map((row) => row.id);
    const typos = (await selectArticles(db, {
      ...summaryColumns,
      headline: sql<string>`left(${articles.contentText}, 240)`,
    })
      .where(and(where, alike, foundIds.length ? notInArray(articles.id, foundIds) : undefined))
      .orderBy(desc(sql`word_similarity(${q}, ${articles.title})`), asc(articles.id))
      .limit(limit - found.length)) as unknown as SearchRow[];
    return [...found, ...typos];
  },

  async findArticle(db: Db | Tx, tenantId: string, id: string): Promise<ArticleRow | undefined> {
    const [row] = await selectArticles(db, {
      ...summaryColumns,
      content: articles.content,
      createdAt: articles.createdAt,
      lastReviewedAt: articles.lastReviewedAt,
      revision: sql<number>`(select coalesce(max(${revisions.number}), 0)::int from ${revisions}
          where ${revisions.tenantId} = ${articles.tenantId} and ${revisions.articleId} = ${articles.id})`,
    }).where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)));
    return row as unknown as ArticleRow | undefined;
  },

  async insertArticle(
    tx: Tx,
    tenantId: string,
    values: ArticleContent & {
      categoryId: string | null;
      tags: string[];
      visibility: KnowledgeArticleVisibility;
      authorId: string | null;
      /** Taken as it is when free, else with -2, -3 ... appended. */
      slug: string;
    },
  ): Promise<string> {
    for (let number = 1; ; number++) {
      const slug = number === 1 ? values.slug : `${values.slug}-${number}`;
      const [row] = await tx
        .insert(articles)
        .values({ tenantId, ...values, slug })
        .onConflictDoNothing({ target: [articles.tenantId, articles.slug] })
        .returning({ id: articles.id });
      if (row) return row.id;
    }
  },

  /** Applies the change if the article still has `version`; false if not (or not there). */
  async updateArticle(
    tx: Tx,
    change: { tenantId: string; id: string; version: number; changes: ArticleChanges },
  ): Promise<boolean> {
    const { tenantId, id, version, changes } = change;
    const rows = await tx
      .update(articles)
      .set({ ...changes, version: sql`${articles.version} + 1` })
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id), eq(articles.version, version)))
      .returning({ id: articles.id });
    return rows.length > 0;
  },

  async articleExists(db: Db | Tx, tenantId: string, id: string): Promise<boolean> {
    const rows = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)));
    return rows.length > 0;
  },

  // ---- revisions ----

  /** The article as it now stands, as its next revision. */
  async addRevision(tx: Tx, tenantId: string, articleId: string, authorUserId: string): Promise<void> {
    await tx.execute(sql`
      insert into ${revisions} (tenant_id, article_id, number, title, summary, content, author_user_id)
      select a.tenant_id, a.id,
        (select coalesce(max(r.number), 0) + 1 from ${revisions} r where r.tenant_id = a.tenant_id and r.article_id = a.id),
        a.title, a.summary, a.content, ${authorUserId}
      from ${articles} a where a.tenant_id = ${tenantId} and a.id = ${articleId}`);
  },

  async listRevisions(db: Db, tenantId: string, articleId: string) {
    return db
      .select({
        id: revisions.id,
        number: revisions.number,
        title: revisions.title,
        authorId: revisions.authorUserId,
        authorName: users.name,
        createdAt: revisions.createdAt,
      })
      .from(revisions)
      .leftJoin(users, eq(users.id, revisions.authorUserId))
      .where(and(eq(revisions.tenantId, tenantId), eq(revisions.articleId, articleId)))
      .orderBy(desc(revisions.number));
  },

  /** A revision of the article, by its id or its number. */
  async findRevision(
    db: Db | Tx,
    tenantId: string,
    articleId: string,
    which: { revisionId: string } | { number: number },
  ) {
    const { id, title, summary, content, createdAt } = getTableColumns(revisions);
    const [row] = await db
      .select({
        id,
        number: revisions.number,
        title,
        summary,
        content,
        authorId: revisions.authorUserId,
        authorName: users.name,
        createdAt,
      })
      .from(revisions)
      .leftJoin(users, eq(users.id, revisions.authorUserId))
      .where(
        and(
          eq(revisions.tenantId, tenantId),
          eq(revisions.articleId, articleId),
          'number' in which ? eq(revisions.number, which.number) : eq(revisions.id, which.revisionId),
        ),
      );
    return row;
  },

  /**
   * Deletes the article with its revisions, views, votes and image links; its images, used by no
   * other article, are left to the nightly clean-up of unattached files. False when not there.
   */
  async deleteArticle(tx: Tx, tenantId: string, id: string, now: Date): Promise<boolean> {
    const ownImages = await tx
      .select({ fileId: images.fileId })
      .from(images)
      .where(
        and(
          eq(images.tenantId, tenantId),
          eq(images.articleId, id),
          sql`not exists (select 1 from ${images} other where other.tenant_id = ${images.tenantId}
            and other.file_id = ${images.fileId} and other.article_id <> ${images.articleId})`,
        ),
      );
    const deleted = await tx
      .delete(articles)
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)))
      .returning({ id: articles.id });
    if (deleted.length === 0) return false;
    if (ownImages.length > 0) {
      await tx
        .update(storedFiles)
        .set({ unattachedSince: now })
        .where(
          and(
            eq(storedFiles.tenantId, tenantId),
            inArray(
              storedFiles.id,
              ownImages.map((image) => image.fileId),
            ),
          ),
        );
    }
    return true;
  },

  /** Reviewed at `at`: a new overdue period starts, so its reminder may come again. Not a new version. */
  async markReviewed(db: Db, tenantId: string, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(articles)
      .set({ lastReviewedAt: at, reviewRemindedAt: null, updatedAt: sql`${articles.updatedAt}` })
      .where(and(eq(articles.tenantId, tenantId), eq(articles.id, id)))
      .returning({ id: articles.id });
    return rows.length > 0;
  },

  /** The workspace's months before a published article is due for review. */
  async reviewAfterMonths(db: Db | Tx, tenantId: string, defaultMonths: number): Promise<number> {
    const [row] = await db
      .select({ months: helpdeskSettings.reviewAfterMonths })
      .from(helpdeskSettings)
      .where(eq(helpdeskSettings.tenantId, tenantId));
    return row?.months ?? defaultMonths;
  },

  /** One keyset page of the workspace's articles due for review, longest unreviewed first. */
  async listDueForReview(
    db: Db,
    query: {
      tenantId: string;
      now: Date;
      defaultMonths: number;
      cursor: (string | number | null)[] | undefined;
      limit: number;
    },
  ): Promise<ReviewRow[]> {
    const months = reviewMonthsOf(sql`${query.tenantId}::uuid`, query.defaultMonths);
    return keysetPage(
      {
        sort: longestUnreviewedFirst,
        idColumn: sql`${articles.id}`,
        direction: 'asc',
        cursor: query.cursor,
        limit: query.limit,
      },
      (page) =>
        selectArticles(db, {
          ...summaryColumns,
          lastReviewedAt: articles.lastReviewedAt,
          createdAt: articles.createdAt,
        })
          .where(and(eq(articles.tenantId, query.tenantId), dueForReview(query.now, months), page.where))
          .orderBy(...page.orderBy)
          .limit(page.limit) as unknown as Promise<ReviewRow[]>,
    );
  },

  /**
   * Marks up to `limit` articles of every workspace as reminded at `now`: those due for review whose
   * author was not yet reminded in this overdue period (never, or a whole period ago). Returns them,
   * for the reminders to go out in the same transaction.
   */
  async takeDueReminders(tx: Tx, query: { now: Date; defaultMonths: number; limit: number }) {
    const now = query.now.toISOString();
    const months = reviewMonthsOf(sql`a.tenant_id`, query.defaultMonths);
    const result = await tx.execute(sql`
      with due as (
        select a.tenant_id, a.id from ${articles} a
        where a.status = 'published'
          and (a.last_reviewed_at is null
            or a.last_reviewed_at <= ${now}::timestamptz - make_interval(months => ${months}))
          and (a.review_reminded_at is null
            or a.review_reminded_at <= ${now}::timestamptz - make_interval(months => ${months}))
        order by coalesce(a.last_reviewed_at, a.created_at)
        limit ${query.limit}
      )
      update ${articles} set review_reminded_at = ${now}::timestamptz
      from due
      where ${articles.tenantId} = due.tenant_id and ${articles.id} = due.id
      returning ${articles.tenantId} as "tenantId", ${articles.id} as id, ${articles.title} as title,
        ${articles.authorId} as "authorId", ${articles.lastReviewedAt} as "lastReviewedAt"`);
    return rowsOf<{
      tenantId: string;
      id: string;
      title: string;
      authorId: string | null;
      lastReviewedAt: Date | string | null;
    }>(result);
  },

  // ---- images ----

  /** Links a stored image to the article; the file is then no longer waiting to be used. */
  async linkImage(tx: Tx, tenantId: string, articleId: string, fileId: string): Promise<void> {
    await tx.insert(images).values({ tenantId, articleId, fileId }).onConflictDoNothing();
    await tx
      .update(storedFiles)
      .set({ unattachedSince: null })
      .where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.id, fileId)));
  },

  async workspaceBySlug(db: Db, slug: string): Promise<{ id: string } | undefined> {
    const [row] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug));
    return row;
  },

  /**
   * A stored file of the workspace that some article shows, and whether one of those articles is
   * published and public (then anyone may see it); undefined when no article of it shows the file.
   */
  async articleImage(db: Db, tenantId: string, fileId: string) {
    const [row] = await db
      .select({
        storageKey: storedFiles.storageKey,
        contentType: storedFiles.contentType,
        sizeBytes: storedFiles.sizeBytes,
        isPublic: sql<boolean>`bool_or(${articles.status} = 'published' and ${articles.visibility} = 'public')`,
      })
      .from(images)
      .innerJoin(
        storedFiles,
        and(eq(storedFiles.tenantId, images.tenantId), eq(storedFiles.id, images.fileId)),
      )
      .innerJoin(articles, and(eq(articles.tenantId, images.tenantId), eq(articles.id, images.articleId)))
      .where(and(eq(images.tenantId, tenantId), eq(images.fileId, fileId)))
      .groupBy(storedFiles.storageKey, storedFiles.contentType, storedFiles.sizeBytes);
    return row;
  },

  // ---- searches that found nothing ----

  async recordMiss(db: Db, tenantId: string, query: string): Promise<void> {
    await db
      .insert(misses)
      .values({ tenantId, query })
      .onConflictDoUpdate({
        target: [misses.tenantId, misses.query],
        set: { count: sql`${misses.count} + 1`, lastSearchedAt: sql`now()` },
      });
  },

  async listMisses(db: Db, tenantId: string, limit: number) {
    return db
      .select({ query: misses.query, count: misses.count, lastSearchedAt: misses.lastSearchedAt })
      .from(misses)
      .where(eq(misses.tenantId, tenantId))
      .orderBy(desc(misses.count), desc(misses.lastSearchedAt))
      .limit(limit);
  },
};
