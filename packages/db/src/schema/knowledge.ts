// Knowledge base (spec 1 "knowledge base"; spec 3 KnowledgeArticle; issue 22).
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, timestamptz, trigramIndex, tsvector } from './columns';
import { knowledgeArticleStatusEnum, knowledgeArticleVisibilityEnum } from './enums';
import { employees } from './people';
import { storedFiles } from './platform';
import { foreignKeyIndex, tenantForeignKey, tenantId, tenantTable } from './tenant-table';

/** Two levels: a top category (no parent) and its subcategories, each level in its own order. */
export const knowledgeCategories = tenantTable(
  'knowledge_categories',
  {
    name: text().notNull(),
    parentId: uuid(),
    position: integer().notNull().default(0),
  },
  (t) => [
    // tenantForeignKey's, written out: a table cannot name itself while it is being declared.
    foreignKey({
      name: 'knowledge_categories_parent_id_fk',
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }),
    // Two top categories may not share a name, nor two subcategories of one parent; the tree
    // reads its levels in order through it.
    unique('knowledge_categories_name_unique').on(t.tenantId, t.parentId, t.name).nullsNotDistinct(),
  ],
);

export const knowledgeArticles = tenantTable(
  'knowledge_articles',
  {
    title: text().notNull(),
    /**
     * The readable part of its public address (/help/<workspace>/<slug>), made from the title when
     * the article is written and kept when the title changes, so that links to it keep working.
     */
    slug: text().notNull(),
    /** The body: sanitised rich text (html). */
    content: text().notNull(),
    /** The body's plain text, written with `content`: what the search and its snippets read. */
    contentText: text().notNull().default(''),
    summary: text().notNull().default(''),
    categoryId: uuid(),
    tags: text().array().notNull().default([]),
    authorId: uuid(),
    status: knowledgeArticleStatusEnum().notNull().default('draft'),
    visibility: knowledgeArticleVisibilityEnum().notNull().default('internal'),
    views: integer().notNull().default(0),
    helpful: integer().notNull().default(0),
    notHelpful: integer().notNull().default(0),
    lastReviewedAt: timestamptz(),
    /** When its author was last reminded to review it: one reminder per overdue period. */
    reviewRemindedAt: timestamptz(),
    /** Title above summary above body (ADR 029: the 'simple' configuration, no stemming). */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, summary), 'B') || setweight(to_tsvector('simple'::regconfig, content_text), 'C')`,
      ),
  },
  (t) => [
    tenantForeignKey(t, 'authorId', employees),
    foreignKeyIndex(t, 'authorId'),
    tenantForeignKey(t, 'categoryId', knowledgeCategories),
    // Knowledge base search: full text, and the title's trigrams for typos.
    index('knowledge_articles_search_idx').using('gin', t.searchVector),
    trigramIndex('knowledge_articles_title_trgm_idx', t.title),
    // The agents' list, newest change first (a category's delete check reads it too).
    index('knowledge_articles_category_updated_idx').on(t.tenantId, t.categoryId, t.updatedAt),
    index('knowledge_articles_updated_idx').on(t.tenantId, t.updatedAt),
    unique('knowledge_articles_slug_unique').on(t.tenantId, t.slug),
    // The help centre's popular articles.
    index('knowledge_articles_popular_idx')
      .on(t.tenantId, t.views)
      .where(sql`${t.status} = 'published' and ${t.visibility} = 'public'`),
    // Articles that need review, longest unreviewed first.
    index('knowledge_articles_review_idx')
      .on(t.tenantId, t.lastReviewedAt)
      .where(sql`${t.status} = 'published'`),
  ],
);

/**
 * Views counted once per visitor per day (issue 22). The visitor is a keyed hash, never an address;
 * the nightly clean-up removes days gone by.
 */
export const knowledgeArticleViews = pgTable(
  'knowledge_article_views',
  {
    tenantId: tenantId().notNull(),
    articleId: uuid().notNull(),
    visitor: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.articleId, t.day, t.visitor] }),
    tenantForeignKey(t, 'articleId', knowledgeArticles).onDelete('cascade'),
    // The clean-up of past days.
    index('knowledge_article_views_day_idx').on(t.day),
  ],
);

/** "Was this helpful?", once per visitor per article; a second answer changes the first. */
export const knowledgeArticleVotes = pgTable(
  'knowledge_article_votes',
  {
    tenantId: tenantId().notNull(),
    articleId: uuid().notNull(),
    visitor: text().notNull(),
    helpful: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.articleId, t.visitor] }),
    tenantForeignKey(t, 'articleId', knowledgeArticles).onDelete('cascade'),
  ],
);

/**
 * Images in an article, uploaded through file storage. The help centre serves one only while an
 * article it belongs to is published and public; agents always.
 */
export const knowledgeArticleImages = pgTable(
  'knowledge_article_images',
  {
    tenantId: tenantId().notNull(),
    articleId: uuid().notNull(),
    fileId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.articleId, t.fileId] }),
    tenantForeignKey(t, 'articleId', knowledgeArticles).onDelete('cascade'),
    tenantForeignKey(t, 'fileId', storedFiles).onDelete('cascade'),
    // Serving a file: which articles show it.
    index('knowledge_article_images_file_idx').on(t.tenantId, t.fileId),
  ],
);

/**
 * A customer who found an answer among the suggestions and did not open the ticket (issue 22:
 * deflection), with the subject they had typed.
 */
export const knowledgeDeflections = tenantTable(
  'knowledge_deflections',
  {
    articleId: uuid().notNull(),
    customerUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    query: text().notNull().default(''),
  },
  (t) => [
    tenantForeignKey(t, 'articleId', knowledgeArticles).onDelete('cascade'),
    // Counts per period.
    index('knowledge_deflections_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** Every save of an article, numbered from 1: its history, diffs and restores (issue 22). */
export const knowledgeArticleRevisions = tenantTable(
  'knowledge_article_revisions',
  {
    articleId: uuid().notNull(),
    number: integer().notNull(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    content: text().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    tenantForeignKey(t, 'articleId', knowledgeArticles).onDelete('cascade'),
    // An article's history, newest first.
    unique('knowledge_article_revisions_number_unique').on(t.tenantId, t.articleId, t.number),
  ],
);

/** Searches that found nothing, one row per normalised query: what to write next (issue 22). */
export const knowledgeSearchMisses = pgTable(
  'knowledge_search_misses',
  {
    tenantId: tenantId().notNull(),
    query: text().notNull(),
    count: integer().notNull().default(1),
    lastSearchedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.query] }),
    // The list, most searched first.
    index('knowledge_search_misses_count_idx').on(t.tenantId, t.count),
  ],
);
