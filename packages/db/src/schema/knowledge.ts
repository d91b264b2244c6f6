// Knowledge base (spec 1 "knowledge base"; spec 3 KnowledgeArticle).
import { index, integer, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, trigramIndex } from './columns';
import { knowledgeArticleStatusEnum } from './enums';
import { employees } from './people';
import { foreignKeyIndex, tenantForeignKey, tenantTable } from './tenant-table';

export const knowledgeArticles = tenantTable(
  'knowledge_articles',
  {
    title: text().notNull(),
    content: text().notNull(),
    summary: text().notNull().default(''),
    category: text().notNull(),
    tags: text().array().notNull().default([]),
    authorId: uuid(),
    status: knowledgeArticleStatusEnum().notNull().default('draft'),
    views: integer().notNull().default(0),
    helpful: integer().notNull().default(0),
    notHelpful: integer().notNull().default(0),
    lastReviewedAt: timestamptz(),
  },
  (t) => [
    tenantForeignKey(t, 'authorId', employees),
    foreignKeyIndex(t, 'authorId'),
    // Knowledge base and customer portal search by title.
    trigramIndex('knowledge_articles_title_trgm_idx', t.title),
    // Knowledge base browse: published articles of a category.
    index('knowledge_articles_status_category_idx').on(t.tenantId, t.status, t.category),
  ],
);
