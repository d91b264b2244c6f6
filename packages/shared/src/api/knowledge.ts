import { z } from 'zod';
import { knowledgeArticleStatuses, knowledgeArticleVisibilities } from '../domain/enums';
import { optionalFilter, recordVersion, text } from './fields';
import { dataListSchema, listPageSchema, listQuerySchema } from './list';
import { tagListSchema, tagSchema } from './projects';

// Knowledge base for agents (issue 22): categories in two levels, articles with revisions, the
// workflow draft -> published -> archived, and full-text search. Routes under /api/v1/helpdesk/kb.

const version = recordVersion({ error: 'The version you read is required' });

// ---- categories -------------------------------------------------------------------------------

const categoryName = text({ error: 'Enter the category name' })
  .trim()
  .min(1, 'Enter the category name')
  .max(100, 'Use at most 100 characters');

/** POST /api/v1/helpdesk/kb/categories — last among its siblings; the name is unique among them (409). */
export const createKnowledgeCategorySchema = z.object({
  name: categoryName,
  parentId: z.uuid('Choose a top category').nullable().default(null),
});
export type CreateKnowledgeCategoryInput = z.input<typeof createKnowledgeCategorySchema>;
export type CreateKnowledgeCategoryValues = z.output<typeof createKnowledgeCategorySchema>;

/** PATCH /api/v1/helpdesk/kb/categories/:id — a new name; 412 when `version` is stale. */
export const renameKnowledgeCategorySchema = z.object({ name: categoryName, version });
export type RenameKnowledgeCategoryInput = z.input<typeof renameKnowledgeCategorySchema>;

/**
 * POST /api/v1/helpdesk/kb/categories/:id/move — under a top category (or on top, null) at a
 * position among its new siblings, counted from 0; the siblings after it move down one.
 */
export const moveKnowledgeCategorySchema = z.object({
  parentId: z.uuid('Choose a top category').nullable(),
  position: z.number('Enter a position').int('Enter a whole number').min(0, 'Use 0 or more').max(10_000),
  version,
});
export type MoveKnowledgeCategoryInput = z.input<typeof moveKnowledgeCategorySchema>;

const categoryFields = {
  id: z.uuid(),
  name: z.string(),
  parentId: z.uuid().nullable(),
  position: z.number().int(),
  /** The articles directly in it, whatever their status. */
  articleCount: z.number().int(),
  version: z.number().int(),
};
export const knowledgeCategorySchema = z.object(categoryFields);
export type KnowledgeCategory = z.infer<typeof knowledgeCategorySchema>;

/** GET /api/v1/helpdesk/kb/categories — the top categories in order, each with its subcategories in order. */
export const knowledgeCategoryTreeSchema = dataListSchema(
  z.object({ ...categoryFields, children: z.array(knowledgeCategorySchema) }),
);
export type KnowledgeCategoryTree = z.infer<typeof knowledgeCategoryTreeSchema>;

// ---- articles ---------------------------------------------------------------------------------

const articleFields = {
  title: text({ error: 'Enter the title' })
    .trim()
    .min(1, 'Enter the title')
    .max(200, 'Use at most 200 characters'),
  summary: text({ error: 'The summary is text' }).trim().max(500, 'Use at most 500 characters'),
  /** Rich text (html); the server keeps only what the editor can make. */
  content: text({ error: 'The article is text' }).max(200_000, 'The article is too long'),
  categoryId: z.uuid('Choose a category').nullable(),
  tags: tagListSchema,
  visibility: z.enum(knowledgeArticleVisibilities, 'Choose public or internal'),
};

/** POST /api/v1/helpdesk/kb/articles — a draft, and its first revision. */
export const createKnowledgeArticleSchema = z.object({
  title: articleFields.title,
  summary: articleFields.summary.default(''),
  content: articleFields.content.default(''),
  categoryId: articleFields.categoryId.default(null),
  tags: articleFields.tags.default([]),
  visibility: articleFields.visibility.default('internal'),
});
export type CreateKnowledgeArticleInput = z.input<typeof createKnowledgeArticleSchema>;
export type CreateKnowledgeArticleValues = z.output<typeof createKnowledgeArticleSchema>;

/**
 * PATCH /api/v1/helpdesk/kb/articles/:id — only the fields sent change; a change of title,
 * summary or content is a new revision. 412 when `version` is stale.
 */
export const updateKnowledgeArticleSchema = z.object({
  title: articleFields.title.optional(),
  summary: articleFields.summary.optional(),
  content: articleFields.content.optional(),
  categoryId: articleFields.categoryId.optional(),
  tags: articleFields.tags.optional(),
  visibility: articleFields.visibility.optional(),
  version,
});
export type UpdateKnowledgeArticleInput = z.input<typeof updateKnowledgeArticleSchema>;
export type UpdateKnowledgeArticleValues = z.output<typeof updateKnowledgeArticleSchema>;

/** POST /api/v1/helpdesk/kb/articles/:id/status — a workflow step (knowledge-rules.ts); 422 when not allowed. */
export const moveKnowledgeArticleSchema = z.object({
  status: z.enum(knowledgeArticleStatuses, 'Choose draft, published or archived'),
  version,
});
export type MoveKnowledgeArticleInput = z.input<typeof moveKnowledgeArticleSchema>;

/** POST /api/v1/helpdesk/kb/articles/:id/revisions/:revisionId/restore — the article's `version`. */
export const restoreKnowledgeRevisionSchema = z.object({ version });
export type RestoreKnowledgeRevisionInput = z.input<typeof restoreKnowledgeRevisionSchema>;

/**
 * GET /api/v1/helpdesk/kb/articles — newest change first, in keyset pages. With `q`, the best
 * matches instead (title above summary above body, typos forgiven), in one page of `limit`.
 */
export const knowledgeArticleListQuerySchema = listQuerySchema.extend({
  categoryId: optionalFilter(z.uuid('Choose a category')),
  status: optionalFilter(z.enum(knowledgeArticleStatuses)),
  visibility: optionalFilter(z.enum(knowledgeArticleVisibilities)),
  tag: optionalFilter(tagSchema),
  q: optionalFilter(text().trim().max(200, 'Use at most 200 characters')),
});
export type KnowledgeArticleListQuery = z.output<typeof knowledgeArticleListQuerySchema>;

const person = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const knowledgeArticleSummarySchema = z.object({
  id: z.uuid(),
  /** Its readable part of the help centre's address, /help/<workspace slug>/<slug>. */
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  status: z.enum(knowledgeArticleStatuses),
  visibility: z.enum(knowledgeArticleVisibilities),
  category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  author: person,
  views: z.number().int(),
  helpful: z.number().int(),
  notHelpful: z.number().int(),
  updatedAt: z.string(),
  version: z.number().int(),
  /** With `q`: where the words were found, html escaped but for <mark> around them. */
  snippet: z.string().optional(),
});
export type KnowledgeArticleSummary = z.infer<typeof knowledgeArticleSummarySchema>;

export const knowledgeArticleListSchema = listPageSchema(knowledgeArticleSummarySchema);
export type KnowledgeArticleList = z.infer<typeof knowledgeArticleListSchema>;

export const knowledgeArticleSchema = knowledgeArticleSummarySchema.omit({ snippet: true }).extend({
  content: z.string(),
  createdAt: z.string(),
  lastReviewedAt: z.string().nullable(),
  /** Published and not reviewed within the workspace's months (knowledge-rules.ts). */
  reviewDue: z.boolean(),
  /** The number of the revision the article stands at. */
  revision: z.number().int(),
});
export type KnowledgeArticle = z.infer<typeof knowledgeArticleSchema>;

// ---- revisions --------------------------------------------------------------------------------

const revisionFields = {
  id: z.uuid(),
  number: z.number().int(),
  title: z.string(),
  author: person,
  createdAt: z.string(),
};

/** GET /api/v1/helpdesk/kb/articles/:id/revisions — newest first. */
export const knowledgeRevisionListSchema = dataListSchema(z.object(revisionFields));
export type KnowledgeRevisionList = z.infer<typeof knowledgeRevisionListSchema>;

export const knowledgeRevisionSchema = z.object({
  ...revisionFields,
  summary: z.string(),
  content: z.string(),
});
export type KnowledgeRevision = z.infer<typeof knowledgeRevisionSchema>;

const revisionNumber = z.coerce
  .number('Choose a revision')
  .int('Choose a revision')
  .min(1, 'Choose a revision');

/**
 * GET /api/v1/helpdesk/kb/articles/:id/diff?from=&to= — revision numbers; `to` is the latest
 * revision and `from` the one before it unless given.
 */
export const knowledgeDiffQuerySchema = z.object({
  from: optionalFilter(revisionNumber),
  to: optionalFilter(revisionNumber),
});
export type KnowledgeDiffQuery = z.output<typeof knowledgeDiffQuerySchema>;

/** The two revisions' plain text (title, summary, body) and the lines that changed between them. */
export const knowledgeDiffSchema = z.object({
  from: z.object({ number: z.number().int(), text: z.string() }),
  to: z.object({ number: z.number().int(), text: z.string() }),
  lines: z.array(z.object({ change: z.enum(['added', 'removed', 'same']), text: z.string() })),
});
export type KnowledgeDiff = z.infer<typeof knowledgeDiffSchema>;

// ---- what to write next -----------------------------------------------------------------------

/** GET /api/v1/helpdesk/kb/search-misses — searches that found nothing, most asked first (up to 100). */
export const knowledgeSearchMissListSchema = dataListSchema(
  z.object({ query: z.string(), count: z.number().int(), lastSearchedAt: z.string() }),
);
export type KnowledgeSearchMissList = z.infer<typeof knowledgeSearchMissListSchema>;

// ---- review -----------------------------------------------------------------------------------

/**
 * GET /api/v1/helpdesk/kb/review — the published articles due for review (never reviewed, or not
 * within the workspace's months), longest unreviewed first, in keyset pages.
 */
export const knowledgeReviewListQuerySchema = listQuerySchema;
export type KnowledgeReviewListQuery = z.output<typeof knowledgeReviewListQuerySchema>;

export const knowledgeReviewListSchema = listPageSchema(
  knowledgeArticleSummarySchema.omit({ snippet: true }).extend({ lastReviewedAt: z.string().nullable() }),
);
export type KnowledgeReviewList = z.infer<typeof knowledgeReviewListSchema>;

// ---- images -----------------------------------------------------------------------------------

/**
 * POST /api/v1/helpdesk/kb/articles/:id/images (multipart, field `file`: png, jpeg, gif or webp up
 * to maxUploadedImageBytes) — the stored image and the address the article's body shows it at.
 */
export const knowledgeArticleImageSchema = z.object({ id: z.uuid(), url: z.string() });
export type KnowledgeArticleImage = z.infer<typeof knowledgeArticleImageSchema>;
