export { createKnowledgeService, type KnowledgeService } from './knowledge.service';
export { articleImageUploadPath, knowledgeRoutes } from './knowledge.routes';
export { knowledgeImageRoutes } from './knowledge-images.routes';
export { knowledgeApi } from './knowledge.api';
export {
  createPublishedArticlesService,
  type PublishedArticle,
  type PublishedArticleItem,
  type PublishedArticlesService,
  type PublishedCategoryTree,
} from './published-articles.service';
