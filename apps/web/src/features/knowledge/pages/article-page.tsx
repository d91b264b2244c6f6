import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-client';
import { isUuid } from '../../../lib/search-params';
import { articleQueryOptions } from '../api/knowledge.queries';
import { ArticleEditor } from '../components/article-editor';

function BackToList() {
  return (
    <Link
      to="/helpdesk/kb"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-900"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Knowledge Base
    </Link>
  );
}

/** /helpdesk/kb/new (issue 22): a new article, a draft once first saved. */
export function NewArticlePage() {
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <BackToList />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">New article</h1>
      <ArticleEditor article={null} />
    </div>
  );
}

/** /helpdesk/kb/articles/:id (issue 22): one article, to edit, publish, review and restore. */
export function ArticlePage() {
  const { id = '' } = useParams();
  const validId = isUuid(id);
  const article = useQuery({ ...articleQueryOptions(id), enabled: validId });
  const missing = !validId || (article.error instanceof ApiError && article.error.status === 404);

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <BackToList />
      {missing ? (
        <EmptyState
          icon={SearchX}
          title="Article not found"
          description="It may have been deleted, or the link is wrong."
          action={
            <Link to="/helpdesk/kb" className={buttonClasses({ variant: 'secondary' })}>
              Back to the knowledge base
            </Link>
          }
        />
      ) : article.isPending ? (
        <ListSkeleton label="Loading the article…" rows={6} />
      ) : article.isError ? (
        <LoadError
          error={article.error}
          title="The article could not be loaded"
          onRetry={() => void article.refetch()}
        />
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {article.data.title}
          </h1>
          {/* A new editor for another article: its draft starts from that article. */}
          <ArticleEditor key={article.data.id} article={article.data} />
        </>
      )}
    </div>
  );
}
