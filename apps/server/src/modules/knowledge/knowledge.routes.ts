import {
  createKnowledgeArticleSchema,
  createKnowledgeCategorySchema,
  knowledgeArticleListQuerySchema,
  knowledgeDiffQuerySchema,
  knowledgeReviewListQuerySchema,
  moveKnowledgeArticleSchema,
  moveKnowledgeCategorySchema,
  renameKnowledgeCategorySchema,
  restoreKnowledgeRevisionSchema,
  updateKnowledgeArticleSchema,
} from '@atrium/shared';
import { memberRouter, permit } from '../../platform/auth/member-context';
import { idParam, readUploadedImage, readBody, readQuery } from '../../platform/http/request-input';
import type { Platform } from '../../platform/platform';
import type { KnowledgeService } from './knowledge.service';

/** Where agents upload an article's images (multipart, field `file`): its own body limit. */
export const articleImageUploadPath = /^\/api\/v1\/helpdesk\/kb\/articles\/[^/]+\/images$/;

/**
 * Knowledge base, the agents' side (issue 22), under /helpdesk/kb. Agents read and write articles
 * (helpdesk:view: writing answers is part of working tickets); helpdesk:manage arranges categories.
 */
export function knowledgeRoutes(service: KnowledgeService, platform: Platform) {
  return (
    memberRouter(platform.auth, platform.database.db)
      .get('/kb/categories', permit('helpdesk:view'), async (c) =>
        c.json(await service.listCategories(c.get('member'))),
      )
      .post('/kb/categories', permit('helpdesk:manage'), async (c) =>
        c.json(
          await service.createCategory(c.get('member'), await readBody(c, createKnowledgeCategorySchema)),
          201,
        ),
      )
      .patch('/kb/categories/:id', permit('helpdesk:manage'), async (c) => {
        const id = idParam(c);
        return c.json(
          await service.renameCategory(c.get('member'), id, await readBody(c, renameKnowledgeCategorySchema)),
        );
      })
      .post('/kb/categories/:id/move', permit('helpdesk:manage'), async (c) => {
        const id = idParam(c);
        return c.json(
          await service.moveCategory(c.get('member'), id, await readBody(c, moveKnowledgeCategorySchema)),
        );
      })
      .delete('/kb/categories/:id', permit('helpdesk:manage'), async (c) => {
        await service.deleteCategory(c.get('member'), idParam(c));
        return c.body(null, 204);
      })
      .get('/kb/articles', permit('helpdesk:view'), async (c) =>
        c.json(await service.listArticles(c.get('member'), readQuery(c, knowledgeArticleListQuerySchema))),
      )
      .post('/kb/articles', permit('helpdesk:view'), async (c) =>
        c.json(
          await service.createArticle(c.get('member'), await readBody(c, createKnowledgeArticleSchema)),
          201,
        ),
      )
      .get('/kb/articles/:id', permit('helpdesk:view'), async (c) =>
        c.json(await service.getArticle(c.get('member'), idParam(c))),
      )
      .patch('/kb/articles/:id', permit('helpdesk:view'), async (c) => {
        const id = idParam(c);
        return c.json(
          await service.updateArticle(c.get('member'), id, await readBody(c, updateKnowledgeArticleSchema)),
        );
      })
      // The author or a help desk manager (knowledge-rules.ts canDeleteArticle); the service decides.
      .delete('/kb/articles/:id', permit('helpdesk:view'), async (c) => {
        await service.deleteArticle(c.get('member'), idParam(c));
        return c.body(null, 204);
      })
      .post('/kb/articles/:id/review', permit('helpdesk:view'), async (c) =>
        c.json(await service.markReviewed(c.get('member'), idParam(c))),
      )
      .post('/kb/articles/:id/images', permit('helpdesk:view'), async (c) => {
        const id = idParam(c);
        return c.json(await service.addImage(c.get('member'), id, await readUploadedImage(c)), 201);
      })
      .get('/kb/review', permit('helpdesk:view'), async (c) =>
        c.json(await service.listDueForReview(c.get('member'), readQuery(c, knowledgeReviewListQuerySchema))),
      )
      .post('/kb/articles/:id/status', permit('helpdesk:view'), async (c) => {
        const id = idParam(c);
        return c.json(
          await service.moveArticle(c.get('member'), id, await readBody(c, moveKnowledgeArticleSchema)),
        );
      })
      .get('/kb/articles/:id/revisions', permit('helpdesk:view'), async (c) =>
        c.json(await service.listRevisions(c.get('member'), idParam(c))),
      )
      .get('/kb/articles/:id/revisions/:revisionId', permit('helpdesk:view'), async (c) =>
        c.json(await service.getRevision(c.get('member'), idParam(c), idParam(c, 'revisionId'))),
      )
      .post('/kb/articles/:id/revisions/:revisionId/restore', permit('helpdesk:view'), async (c) => {
        const [id, revisionId] = [idParam(c), idParam(c, 'revisionId')];
        const { version } = await readBody(c, restoreKnowledgeRevisionSchema);
        return c.json(await service.restoreRevision(c.get('member'), id, revisionId, version));
      })
      .get('/kb/articles/:id/diff', permit('helpdesk:view'), async (c) =>
        c.json(
          await service.diffRevisions(c.get('member'), idParam(c), readQuery(c, knowledgeDiffQuerySchema)),
        ),
      )
      .get('/kb/search-misses', permit('helpdesk:view'), async (c) =>
        c.json(await service.listSearchMisses(c.get('member'))),
      )
  );
}
