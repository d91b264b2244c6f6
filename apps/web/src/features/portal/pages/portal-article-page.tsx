import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, CircleCheck, SearchX } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { RichTextContent } from '../../../components/ui/rich-text';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useMe } from '../../accounts';
import { portalArticleQueryOptions, recordDeflection } from '../api/portal.queries';
import { forgetTicketDraft } from '../lib/ticket-draft';

/**
 * A suggested article, read in the portal (issue 22). "This answered my question" counts the
 * question as deflected and drops the ticket being written; going back keeps it.
 */
export function PortalArticlePage() {
  const me = useMe();
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const article = useQuery(portalArticleQueryOptions(slug));
  const answered = useMutation({
    mutationFn: (articleId: string) => recordDeflection({ articleId, query: params.get('q') ?? '' }),
    onSuccess: () => {
      forgetTicketDraft();
      toast.success('Glad that helped! No ticket needed — we are here if anything else comes up.');
      void navigate('/helpdesk/portal');
    },
  });

  const backLink = (
    <Link
      to="/helpdesk/portal/new"
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to your ticket
    </Link>
  );
  const notFound = article.error instanceof ApiError && article.error.status === 404;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${article.data?.title ?? 'Article'} — ${me.workspace.name} — Atrium`}</title>
      {backLink}
      {notFound ? (
        <EmptyState
          icon={SearchX}
          title="Article not found"
          description="It may have been moved or taken down."
          action={
            <Link to="/helpdesk/portal/new" className={buttonClasses({ variant: 'secondary' })}>
              Back to your ticket
            </Link>
          }
        />
      ) : article.isError ? (
        <LoadError
          error={article.error}
          title="The article could not be loaded"
          onRetry={() => void article.refetch()}
        />
      ) : !article.data ? (
        <ListSkeleton label="Loading the article…" rows={4} />
      ) : (
        <>
          <article className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
              {article.data.title}
            </h1>
            <p className="mt-2 text-sm text-slate-600">Updated {formatDate(article.data.updatedAt)}</p>
            {article.data.summary ? <p className="mt-4 text-slate-700">{article.data.summary}</p> : null}
            <RichTextContent
              html={article.data.content}
              className="mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_table]:w-full [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:p-2"
            />
          </article>
          <section
            aria-labelledby="answered-heading"
            className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="answered-heading" className="font-semibold text-slate-900">
              Did this answer your question?
            </h2>
            {answered.error ? (
              <ServerErrorAlert error={answered.error} title="That could not be recorded" />
            ) : null}
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => answered.mutate(article.data.id)} disabled={answered.isPending}>
                {answered.isPending ? <Spinner /> : <CircleCheck aria-hidden="true" className="size-4" />}
                This answered my question
              </Button>
              <Link to="/helpdesk/portal/new" className={buttonClasses({ variant: 'secondary' })}>
                No, continue with my ticket
              </Link>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
