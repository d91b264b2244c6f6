export { createKnowledgeService, type KnowledgeService } from './knowledge.service';
export { knowledgeRoutes } from './knowledge.routes';
export { knowledgeApi } from './knowledge.api';
