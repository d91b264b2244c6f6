// What the app shell and other features may use of the knowledge base (issue 22).
export { KnowledgeBasePage } from './pages/knowledge-base-page';
export { ArticlePage, NewArticlePage } from './pages/article-page';
export { InsertArticleDialog } from './components/insert-article-dialog';
