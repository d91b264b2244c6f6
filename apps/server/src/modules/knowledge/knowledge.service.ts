import { diffLines } from 'diff';
import type { Db } from '@atrium/db';
import {
  allows,
  articleImageUrl,
  articleNeedsReview,
  canDeleteArticle,
  canMoveArticle,
  categoryPlacementProblem,
  defaultReviewAfterMonths,
  normalizeSearchQuery,
  type CreateKnowledgeArticleValues,
  type CreateKnowledgeCategoryValues,
  type KnowledgeArticle,
  type KnowledgeArticleList,
  type KnowledgeArticleListQuery,
  type KnowledgeArticleStatus,
  type KnowledgeArticleImage,
  type KnowledgeArticleSummary,
  type KnowledgeAudience,
  type KnowledgeCategory,
  type KnowledgeCategoryTree,
  type KnowledgeDiff,
  type KnowledgeDiffQuery,
  type KnowledgeRevision,
  type KnowledgeReviewList,
  type KnowledgeReviewListQuery,
  type KnowledgeRevisionList,
  type KnowledgeSearchMissList,
  type UpdateKnowledgeArticleValues,
  articleSlug,
} from '@atrium/shared';
import type { Member } from '../../platform/auth/member-context';
import { decodeCursor, keysetPageOf } from '../../platform/db/cursor';
import { AppError, conflict, forbidden, notFound, staleVersion } from '../../platform/errors/app-error';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Logger } from '../../platform/logging/logger';
import type { Notifier } from '../../platform/notifications/notifications.service';
import { escapeHtml, richTextToPlain, sanitizeArticleHtml } from '../../platform/rich-text/rich-text';
import type { FileStorage } from '../../platform/storage/file-storage';
import { storeUploadedImage } from '../../platform/storage/uploaded-images';
import { registerReviewReminders } from './knowledge-review-reminders';
import {
  articleCursorShape,
  articleCursorValues,
  reviewCursorShape,
  reviewCursorValues,
  knowledgeRepository as repository,
  markEnd,
  markStart,
  type ArticleContent,
  type ArticleFilter,
  type ArticleSummaryRow,
  type CategoryRow,
} from './knowledge.repository';

export type KnowledgeDeps = {
  db: Db;
  storage: FileStorage;
  jobs: Jobs;
  notifier: Notifier;
  log: Logger;
  now: () => Date;
};

const unprocessable = (message: string, fields: Record<string, string>) =>
  new AppError('unprocessable', message, fields);

const duplicateCategory = () =>
  conflict('A category with this name is already there', { name: 'Choose another name' });

const missingCategory = () =>
  unprocessable('The category is not in this workspace', { categoryId: 'Choose a category from the list' });

/** A search snippet: everything escaped, then only the search's own marks become <mark>. */
const snippetOf = (headline: string) =>
  escapeHtml(headline).replaceAll(markStart, '<mark>').replaceAll(markEnd, '</mark>');

/** The body as stored (sanitised html) and as searched (its text, without the snippet marks). */
function contentOf(html: string): Pick<ArticleContent, 'content' | 'contentText'> {
  const content = sanitizeArticleHtml(html);
  const contentText = richTextToPlain(content).replaceAll(markStart, '').replaceAll(markEnd, '');
  return { content, contentText };
}

const person = (id: string | null, name: string | null) => (id && name ? { id, name } : null);

function toSummary(row: ArticleSummaryRow): KnowledgeArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    status: row.status,
    visibility: row.visibility,
    category: row.categoryId && row.categoryName ? { id: row.categoryId, name: row.categoryName } : null,
    tags: row.tags,
    author: person(row.authorId, row.authorName),
    views: row.views,
    helpful: row.helpful,
    notHelpful: row.notHelpful,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const toCategory = (row: CategoryRow & { articleCount: number }): KnowledgeCategory => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  position: row.position,
  articleCount: row.articleCount,
  version: row.version,
});

/** A revision as the diff reads it: its title, summary and body as plain text, a line each paragraph. */
const revisionText = (revision: { title: string; summary: string; content: string }) =>
  [revision.title, revision.summary, richTextToPlain(revision.content)]
    .filter((part) => part !== '')
    .join('\n\n');

/** The knowledge base (issue 22): categories, articles with revisions and workflow, search. */
export function createKnowledgeService(deps: KnowledgeDeps) {
  const { db } = deps;
  registerReviewReminders(deps);

  async function getArticle(member: Member, id: string): Promise<KnowledgeArticle> {
    const row = await repository.findArticle(db, member.tenantId, id);
    if (!row) throw notFound('Article');
    const months = await repository.reviewAfterMonths(db, member.tenantId, defaultReviewAfterMonths);
    return {
      ...toSummary(row),
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      lastReviewedAt: row.lastReviewedAt?.toISOString() ?? null,
      reviewDue: articleNeedsReview(row, deps.now(), months),
      revision: row.revision,
    };
  }

  async function categoryOf(member: Member, id: string): Promise<KnowledgeCategory> {
    const row = (await repository.listCategories(db, member.tenantId)).find((category) => category.id === id);
    if (!row) throw notFound('Category');
    return toCategory(row);
  }

  /** A parent that exists and sits on top; 422 on `parentId` otherwise. */
  async function checkParent(
    member: Member,
    parentId: string,
    placement: { id?: string; hasChildren: boolean },
  ) {
    const parent = await repository.findCategory(db, member.tenantId, parentId);
    if (!parent) {
      throw unprocessable('The category is not in this workspace', { parentId: 'Choose a top category' });
    }
    const problem = categoryPlacementProblem({
      parentIsTop: parent.parentId === null,
      hasChildren: placement.hasChildren,
      isSelf: parent.id === placement.id,
    });
    if (problem) throw unprocessable(problem, { parentId: problem });
  }

  async function saveCategory<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (repository.isDuplicateCategoryName(error)) throw duplicateCategory();
      throw error;
    }
  }

  async function saveArticle<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (repository.violatesForeignKey(error)) throw missingCategory();
      throw error;
    }
  }

  /**
   * The one search (issue 22) for every audience: the portal and the help centre will call it with
   * theirs. A first-page search that found nothing is remembered (what to write next).
   */
  async function search(
    tenantId: string,
    query: { audience: KnowledgeAudience; q: string; filter?: ArticleFilter; limit: number },
  ): Promise<KnowledgeArticleSummary[]> {
    const rows = await repository.search(db, { ...query, tenantId, filter: query.filter ?? {} });
    const normalized = normalizeSearchQuery(query.q);
    if (rows.length === 0 && normalized !== '') await repository.recordMiss(db, tenantId, normalized);
    return rows.map((row) => ({ ...toSummary(row), snippet: snippetOf(row.headline) }));
  }

  return {
    search,

    // ---- categories ----

    async listCategories(member: Member): Promise<KnowledgeCategoryTree> {
      const rows = (await repository.listCategories(db, member.tenantId)).map(toCategory);
      return {
        data: rows
          .filter((row) => row.parentId === null)
          .map((top) => ({ ...top, children: rows.filter((row) => row.parentId === top.id) })),
      };
    },

    async createCategory(member: Member, input: CreateKnowledgeCategoryValues): Promise<KnowledgeCategory> {
      if (input.parentId) await checkParent(member, input.parentId, { hasChildren: false });
      const row = await saveCategory(() => repository.insertCategory(db, member.tenantId, input));
      return toCategory({ ...row, articleCount: 0 });
    },

    async renameCategory(member: Member, id: string, input: { name: string; version: number }) {
      const row = await saveCategory(() =>
        repository.renameCategory(db, { tenantId: member.tenantId, id, ...input }),
      );
      if (!row) {
        throw (await repository.findCategory(db, member.tenantId, id))
          ? staleVersion()
          : notFound('Category');
      }
      return categoryOf(member, id);
    },

    async moveCategory(
      member: Member,
      id: string,
      input: { parentId: string | null; position: number; version: number },
    ) {
      const category = await repository.findCategory(db, member.tenantId, id);
      if (!category) throw notFound('Category');
      if (input.parentId) {
        const hasChildren = await repository.hasSubcategories(db, member.tenantId, id);
        await checkParent(member, input.parentId, { id, hasChildren });
      }
      const moved = await saveCategory(() =>
        db.transaction((tx) => repository.moveCategory(tx, { tenantId: member.tenantId, id, ...input })),
      );
      if (!moved) throw staleVersion();
      return categoryOf(member, id);
    },

    /** Only an empty category goes (409 otherwise): its articles and subcategories are moved first. */
    async deleteCategory(member: Member, id: string): Promise<void> {
      const notEmpty = () => conflict('This category has articles or subcategories; move them first');
      try {
        await db.transaction(async (tx) => {
          if (!(await repository.findCategory(tx, member.tenantId, id))) throw notFound('Category');
          if (!(await repository.categoryIsEmpty(tx, member.tenantId, id))) throw notEmpty();
          await repository.deleteCategory(tx, member.tenantId, id);
        });
      } catch (error) {
        // An article or subcategory put in it meanwhile: the foreign key refuses the delete.
        if (repository.violatesForeignKey(error)) throw notEmpty();
        throw error;
      }
    },

    // ---- articles ----

    async listArticles(member: Member, query: KnowledgeArticleListQuery): Promise<KnowledgeArticleList> {
      const { q, limit, categoryId, status, visibility, tag } = query;
      const filter = { categoryId, status, visibility, tag };
      if (q) {
        return {
          data: await search(member.tenantId, { audience: 'agent', q, filter, limit }),
          nextCursor: null,
        };
      }
      const cursor = query.cursor ? decodeCursor(query.cursor, articleCursorShape) : undefined;
      const rows = await repository.listArticles(db, {
        tenantId: member.tenantId,
        audience: 'agent',
        filter,
        cursor,
        limit: limit + 1,
      });
      const { page, nextCursor } = keysetPageOf(rows, limit, articleCursorValues);
      return { data: page.map(toSummary), nextCursor };
    },

    getArticle,

    /** A draft, written by the member, and its first revision. */
    async createArticle(member: Member, input: CreateKnowledgeArticleValues): Promise<KnowledgeArticle> {
      const id = await saveArticle(() =>
        db.transaction(async (tx) => {
          const articleId = await repository.insertArticle(tx, member.tenantId, {
            ...input,
            ...contentOf(input.content),
            slug: articleSlug(input.title),
            authorId: member.employeeId,
          });
          await repository.addRevision(tx, member.tenantId, articleId, member.userId);
          return articleId;
        }),
      );
      return getArticle(member, id);
    },

    /** Only the fields sent change; a changed title, summary or body is a new revision. 412 when stale. */
    async updateArticle(
      member: Member,
      id: string,
      input: UpdateKnowledgeArticleValues,
    ): Promise<KnowledgeArticle> {
      const { version, content, ...changes } = input;
      const { tenantId } = member;
      await saveArticle(() =>
        db.transaction(async (tx) => {
          const before = await repository.findArticle(tx, tenantId, id);
          if (!before) throw notFound('Article');
          const body: Partial<ArticleContent> = content === undefined ? {} : contentOf(content);
          if (
            !(await repository.updateArticle(tx, { tenantId, id, version, changes: { ...changes, ...body } }))
          ) {
            throw staleVersion();
          }
          const revised =
            (changes.title !== undefined && changes.title !== before.title) ||
            (changes.summary !== undefined && changes.summary !== before.summary) ||
            (body.content !== undefined && body.content !== before.content);
          if (revised) await repository.addRevision(tx, tenantId, id, member.userId);
        }),
      );
      return getArticle(member, id);
    },

    /** A workflow step (knowledge-rules.ts); publishing counts as a review. */
    async moveArticle(
      member: Member,
      id: string,
      input: { status: KnowledgeArticleStatus; version: number },
    ): Promise<KnowledgeArticle> {
      const { tenantId } = member;
      await db.transaction(async (tx) => {
        const before = await repository.findArticle(tx, tenantId, id);
        if (!before) throw notFound('Article');
        if (before.version !== input.version) throw staleVersion();
        if (!canMoveArticle(before.status, input.status)) {
          const message = `A ${before.status} article cannot become ${input.status}`;
          throw unprocessable(message, { status: message });
        }
        const changes = {
          status: input.status,
          ...(input.status === 'published' ? { lastReviewedAt: deps.now(), reviewRemindedAt: null } : {}),
        };
        if (!(await repository.updateArticle(tx, { tenantId, id, version: input.version, changes }))) {
          throw staleVersion();
        }
      });
      return getArticle(member, id);
    },

    /** Its author or a help desk manager (knowledge-rules.ts); the rest of the agents get 403. */
    async deleteArticle(member: Member, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const article = await repository.findArticle(tx, member.tenantId, id);
        if (!article) throw notFound('Article');
        const isAuthor = article.authorId !== null && article.authorId === member.employeeId;
        if (!canDeleteArticle({ isAuthor, canManage: allows(member, 'helpdesk:manage') })) {
          throw forbidden('Only its author or a help desk manager may delete this article');
        }
        await repository.deleteArticle(tx, member.tenantId, id, deps.now());
      });
    },

    /** Checked and still right: reviewed now, so the next reminder waits a whole period. */
    async markReviewed(member: Member, id: string): Promise<KnowledgeArticle> {
      if (!(await repository.markReviewed(db, member.tenantId, id, deps.now()))) throw notFound('Article');
      return getArticle(member, id);
    },

    async listDueForReview(member: Member, query: KnowledgeReviewListQuery): Promise<KnowledgeReviewList> {
      const rows = await repository.listDueForReview(db, {
        tenantId: member.tenantId,
        now: deps.now(),
        defaultMonths: defaultReviewAfterMonths,
        cursor: query.cursor ? decodeCursor(query.cursor, reviewCursorShape) : undefined,
        limit: query.limit + 1,
      });
      const { page, nextCursor } = keysetPageOf(rows, query.limit, reviewCursorValues);
      return {
        data: page.map((row) => ({
          ...toSummary(row),
          lastReviewedAt: row.lastReviewedAt?.toISOString() ?? null,
        })),
        nextCursor,
      };
    },

    /** An image for the article's body (the help centre serves it to anyone once the article is public). */
    async addImage(
      member: Member,
      articleId: string,
      file: { name: string; bytes: Buffer },
    ): Promise<KnowledgeArticleImage> {
      if (!(await repository.articleExists(db, member.tenantId, articleId))) throw notFound('Article');
      const fileId = await storeUploadedImage({ db, storage: deps.storage, now: deps.now }, member, file);
      await db.transaction((tx) => repository.linkImage(tx, member.tenantId, articleId, fileId));
      const slug = member.workspaces.find((workspace) => workspace.workspaceId === member.tenantId)!.slug;
      return { id: fileId, url: articleImageUrl(slug, fileId) };
    },

    /**
     * An article image's bytes for /help/<workspace>/images/<file>: to anyone while an article showing
     * it is published and public, else only to the workspace's agents (`agentOf` says whether the
     * request's session is one); undefined means 404, never telling which of the two it was.
     */
    async articleImage(
      workspaceSlug: string,
      fileId: string,
      agentOf: (tenantId: string) => Promise<boolean>,
    ) {
      const workspace = await repository.workspaceBySlug(db, workspaceSlug);
      if (!workspace) return undefined;
      const image = await repository.articleImage(db, workspace.id, fileId);
      if (!image) return undefined;
      if (!image.isPublic && !(await agentOf(workspace.id))) return undefined;
      return {
        isPublic: image.isPublic,
        contentType: image.contentType,
        sizeBytes: image.sizeBytes,
        stream: deps.storage.read(image.storageKey),
      };
    },

    // ---- revisions ----

    async listRevisions(member: Member, id: string): Promise<KnowledgeRevisionList> {
      if (!(await repository.articleExists(db, member.tenantId, id))) throw notFound('Article');
      const rows = await repository.listRevisions(db, member.tenantId, id);
      return {
        data: rows.map((row) => ({
          id: row.id,
          number: row.number,
          title: row.title,
          author: person(row.authorId, row.authorName),
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async getRevision(member: Member, id: string, revisionId: string): Promise<KnowledgeRevision> {
      const row = await repository.findRevision(db, member.tenantId, id, { revisionId });
      if (!row) throw notFound('Revision');
      return {
        id: row.id,
        number: row.number,
        title: row.title,
        summary: row.summary,
        content: row.content,
        author: person(row.authorId, row.authorName),
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** The article takes the revision's title, summary and body, saved as a new revision. */
    async restoreRevision(
      member: Member,
      id: string,
      revisionId: string,
      version: number,
    ): Promise<KnowledgeArticle> {
      const { tenantId } = member;
      await db.transaction(async (tx) => {
        const revision = await repository.findRevision(tx, tenantId, id, { revisionId });
        if (!revision) throw notFound('Revision');
        const changes = { title: revision.title, summary: revision.summary, ...contentOf(revision.content) };
        if (!(await repository.updateArticle(tx, { tenantId, id, version, changes }))) throw staleVersion();
        await repository.addRevision(tx, tenantId, id, member.userId);
      });
      return getArticle(member, id);
    },

    /** The two revisions' text and, line by line, what changed from the first to the second. */
    async diffRevisions(member: Member, id: string, query: KnowledgeDiffQuery): Promise<KnowledgeDiff> {
      const article = await repository.findArticle(db, member.tenantId, id);
      if (!article) throw notFound('Article');
      const toNumber = query.to ?? article.revision;
      const fromNumber = query.from ?? Math.max(toNumber - 1, 1);
      const [from, to] = await Promise.all([
        repository.findRevision(db, member.tenantId, id, { number: fromNumber }),
        repository.findRevision(db, member.tenantId, id, { number: toNumber }),
      ]);
      if (!from || !to) throw notFound('Revision');
      const [fromText, toText] = [revisionText(from), revisionText(to)];
      const lines = diffLines(fromText, toText).flatMap((part) =>
        part.value
          .replace(/\n$/, '')
          .split('\n')
          .map(
            (text) => ({ change: part.added ? 'added' : part.removed ? 'removed' : 'same', text }) as const,
          ),
      );
      return {
        from: { number: from.number, text: fromText },
        to: { number: to.number, text: toText },
        lines,
      };
    },

    async listSearchMisses(member: Member): Promise<KnowledgeSearchMissList> {
      const rows = await repository.listMisses(db, member.tenantId, 100);
      return { data: rows.map((row) => ({ ...row, lastSearchedAt: row.lastSearchedAt.toISOString() })) };
    },
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
