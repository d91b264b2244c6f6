import {
  articleStatusesAfter,
  canDeleteArticle,
  createKnowledgeArticleSchema,
  updateKnowledgeArticleSchema,
  type KnowledgeArticle,
  type KnowledgeArticleStatus,
  type KnowledgeArticleVisibility,
  type KnowledgeCategoryTree,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useLeaveGuard } from '../../../components/ui/leave-guard';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { ListSkeleton } from '../../../components/ui/list-states';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { TagInput } from '../../../components/ui/tag-input';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/dates';
import { hasPermission, useMe } from '../../accounts';
import {
  articleQueryOptions,
  categoriesQueryOptions,
  createArticle,
  deleteArticle,
  knowledgeQueryKey,
  markArticleReviewed,
  moveArticle,
  updateArticle,
} from '../api/knowledge.queries';
import { agentArticlePath, articleVisibilityLabels, helpCentreArticlePath } from '../lib/article-links';
import { ArticleHistory } from './article-history';
import { ArticleStatusBadge } from './article-badges';

// The editor with its tables and images is a chunk of its own (issue 22): the list never loads it.
const ArticleBodyEditor = lazy(() =>
  import('./article-body-editor').then((module) => ({ default: module.ArticleBodyEditor })),
);

type Draft = {
  title: string;
  summary: string;
  content: string;
  categoryId: string;
  tags: string[];
  visibility: KnowledgeArticleVisibility;
};

const draftOf = (article: KnowledgeArticle | null): Draft => ({
  title: article?.title ?? '',
  summary: article?.summary ?? '',
  content: article?.content ?? '',
  categoryId: article?.category?.id ?? '',
  tags: article?.tags ?? [],
  visibility: article?.visibility ?? 'internal',
});

/** What the author changed since the article was loaded: only those fields are sent. */
function changesOf(draft: Draft, article: KnowledgeArticle) {
  const saved = draftOf(article);
  return {
    ...(draft.title !== saved.title ? { title: draft.title } : {}),
    ...(draft.summary !== saved.summary ? { summary: draft.summary } : {}),
    ...(draft.content !== saved.content ? { content: draft.content } : {}),
    ...(draft.categoryId !== saved.categoryId ? { categoryId: draft.categoryId || null } : {}),
    ...(draft.tags.join('\n') !== saved.tags.join('\n') ? { tags: draft.tags } : {}),
    ...(draft.visibility !== saved.visibility ? { visibility: draft.visibility } : {}),
  };
}

const stepLabels: Record<KnowledgeArticleStatus, string> = {
  published: 'Publish',
  draft: 'Back to draft',
  archived: 'Archive',
};

/** The categories as one list: top ones, each followed by its subcategories. */
function CategoryOptions({ tree }: { tree: KnowledgeCategoryTree | undefined }) {
  return (
    <>
      <option value="">No category</option>
      {tree?.data.flatMap((top) => [
        <option key={top.id} value={top.id}>
          {top.name}
        </option>,
        ...top.children.map((child) => (
          <option key={child.id} value={child.id}>
            {`${top.name} › ${child.name}`}
          </option>
        )),
      ])}
    </>
  );
}

/**
 * An article's page (issue 22): its fields and body, saved explicitly with the version read (412
 * when someone else saved meanwhile), the workflow steps the rules allow, review, delete, its
 * numbers and links, and its history. `article` is null for a new one, created on first save.
 */
export function ArticleEditor({ article }: { article: KnowledgeArticle | null }) {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQueryOptions());
  const [draft, setDraft] = useState<Draft>(() => draftOf(article));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // A new body for the editor (a reload or a restore) makes a new editor with it.
  const [loaded, setLoaded] = useState(0);
  const bodyLabelId = useId();
  const bodyErrorId = useId();

  const changes = article ? changesOf(draft, article) : null;
  const dirty = article === null || Object.keys(changes ?? {}).length > 0;
  const unsaved = article ? dirty : JSON.stringify(draft) !== JSON.stringify(draftOf(null));
  const leaveGuard = useLeaveGuard(unsaved);

  const show = (next: KnowledgeArticle) => {
    queryClient.setQueryData([...knowledgeQueryKey, 'article', next.id], next);
    void queryClient.invalidateQueries({ queryKey: knowledgeQueryKey });
  };
  const replaceDraft = (next: KnowledgeArticle) => {
    setDraft(draftOf(next));
    setLoaded((count) => count + 1);
    setErrors({});
    setStale(false);
  };
  const fail = (error: Error) => {
    if (error instanceof ApiError && error.status === 412) setStale(true);
    else if (error instanceof ApiError && error.fields) setErrors(error.fields);
  };

  const save = useMutation({
    mutationFn: () => {
      const input = {
        title: draft.title,
        summary: draft.summary,
        content: draft.content,
        categoryId: draft.categoryId || null,
        tags: draft.tags,
        visibility: draft.visibility,
      };
      return article
        ? updateArticle(article.id, { ...changes, version: article.version })
        : createArticle(input);
    },
    onSuccess: (saved) => {
      show(saved);
      setErrors({});
      toast.success(article ? 'Article saved' : 'Article created as a draft');
      if (!article) {
        leaveGuard.allowLeaving();
        void navigate(agentArticlePath(saved.id), { replace: true });
      } else setDraft(draftOf(saved));
    },
    onError: fail,
  });

  const step = useMutation({
    mutationFn: (status: KnowledgeArticleStatus) =>
      moveArticle(article!.id, { status, version: article!.version }),
    onSuccess: (moved) => {
      show(moved);
      toast.success(
        moved.status === 'published'
          ? 'Article published'
          : moved.status === 'archived'
            ? 'Article archived'
            : 'Article is a draft again',
      );
    },
    onError: fail,
  });

  const review = useMutation({
    mutationFn: () => markArticleReviewed(article!.id),
    onSuccess: (reviewed) => {
      show(reviewed);
      toast.success('Marked as reviewed');
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteArticle(article!.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: knowledgeQueryKey });
      toast.success(`Article “${article!.title}” was deleted`);
      leaveGuard.allowLeaving();
      void navigate('/helpdesk/kb');
    },
  });

  const reload = async () => {
    if (!article) return;
    replaceDraft(await queryClient.fetchQuery({ ...articleQueryOptions(article.id), staleTime: 0 }));
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending || !dirty) return;
    const parsed = article
      ? updateKnowledgeArticleSchema.safeParse({ ...changes, version: article.version })
      : createKnowledgeArticleSchema.safeParse({ ...draft, categoryId: draft.categoryId || null });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate();
  };

  const mayDelete =
    article !== null &&
    canDeleteArticle({
      isAuthor: article.author !== null && article.author.id === me.employeeId,
      canManage: hasPermission(me, 'helpdesk:manage'),
    });
  const isPublicPage = article?.status === 'published' && article.visibility === 'public';
  const fieldErrorShown = Object.keys(errors).length > 0;
  const pending = save.isPending || step.isPending;

  return (
    <div className={cn('grid gap-6', article ? 'lg:grid-cols-[minmax(0,1fr)_20rem]' : 'max-w-3xl')}>
      {leaveGuard.dialog}
      <form noValidate onSubmit={submit} className="min-w-0 space-y-5" aria-label="Article">
        {stale ? (
          <Alert tone="error" title="Someone else saved this article since you opened it">
            <p>
              Your changes were not saved. Load their version to carry on from it (your edits here will be
              lost).
            </p>
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void reload()}>
              Load the latest version
            </Button>
          </Alert>
        ) : null}
        {save.isError && !stale && !fieldErrorShown ? (
          <ServerErrorAlert error={save.error} title="The article could not be saved" />
        ) : null}
        {step.isError && !stale && !fieldErrorShown ? (
          <ServerErrorAlert error={step.error} title="The status could not be changed" />
        ) : null}

        <Field label="Title" error={errors.title}>
          {(control) => (
            <Input
              {...control}
              value={draft.title}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => setDraft({ ...draft, title: event.target.value })}
            />
          )}
        </Field>
        <Field
          label="Summary"
          error={errors.summary}
          hint="One or two sentences: search results and the help centre show it."
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={500}
              value={draft.summary}
              onChange={(event) => setDraft({ ...draft, summary: event.target.value })}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Category" error={errors.categoryId}>
            {(control) => (
              <Select
                {...control}
                value={draft.categoryId}
                onChange={(event) => setDraft({ ...draft, categoryId: event.target.value })}
              >
                <CategoryOptions tree={categories.data} />
              </Select>
            )}
          </Field>
          <Field
            label="Visibility"
            error={errors.visibility}
            hint={
              draft.visibility === 'public'
                ? 'Customers and the public help centre see it once published.'
                : 'Only agents see it.'
            }
          >
            {(control) => (
              <Select
                {...control}
                value={draft.visibility}
                onChange={(event) =>
                  setDraft({ ...draft, visibility: event.target.value as KnowledgeArticleVisibility })
                }
              >
                {(['internal', 'public'] as const).map((visibility) => (
                  <option key={visibility} value={visibility}>
                    {articleVisibilityLabels[visibility]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Tags" error={errors.tags}>
          {(control) => (
            <TagInput {...control} value={draft.tags} onChange={(tags) => setDraft({ ...draft, tags })} />
          )}
        </Field>

        <div>
          <p id={bodyLabelId} className="text-sm font-medium text-slate-800">
            Article
          </p>
          <div className="mt-1.5">
            <Suspense fallback={<ListSkeleton label="Loading the editor…" rows={4} />}>
              <ArticleBodyEditor
                key={loaded}
                articleId={article?.id ?? null}
                initialHtml={draft.content}
                labelledBy={bodyLabelId}
                describedBy={errors.content ? bodyErrorId : undefined}
                invalid={Boolean(errors.content)}
                onChange={({ html, text }) =>
                  setDraft((current) => ({
                    ...current,
                    content: text.trim() === '' && !html.includes('<img') ? '' : html,
                  }))
                }
                onSubmitShortcut={() => submit()}
              />
            </Suspense>
          </div>
          {errors.content ? (
            <p id={bodyErrorId} className="mt-1.5 text-sm font-medium text-red-700">
              {errors.content}
            </p>
          ) : null}
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending || !dirty}>
            {save.isPending ? <Spinner /> : null}
            {article ? 'Save' : 'Create draft'}
          </Button>
          {article ? (
            <span className="text-sm text-slate-600" aria-live="polite">
              {dirty ? 'Unsaved changes' : `Saved · revision ${article.revision}`}
            </span>
          ) : null}
        </div>
      </form>

      {article ? (
        <aside aria-label="About this article" className="space-y-6">
          <section
            aria-labelledby="article-status-heading"
            className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
          >
            <h2
              id="article-status-heading"
              className="flex items-center gap-2 text-base font-semibold text-slate-900"
            >
              Status <ArticleStatusBadge status={article.status} />
            </h2>
            {article.reviewDue ? <p className="text-sm font-medium text-amber-800">Due for review</p> : null}
            <div className="flex flex-wrap gap-2">
              {articleStatusesAfter(article.status).map((status) => (
                <Button
                  key={status}
                  size="sm"
                  variant={status === 'published' ? 'primary' : 'secondary'}
                  disabled={pending || dirty}
                  title={dirty ? 'Save your changes first' : undefined}
                  onClick={() => step.mutate(status)}
                >
                  {stepLabels[status]}
                </Button>
              ))}
              {article.status === 'published' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={review.isPending}
                  onClick={() => review.mutate()}
                >
                  {review.isPending ? <Spinner /> : null}
                  Mark as reviewed
                </Button>
              ) : null}
            </div>
            {dirty ? (
              <p className="text-sm text-slate-600">Save your changes before changing the status.</p>
            ) : null}
            <dl className="grid grid-cols-3 gap-2 text-center text-sm">
              {[
                ['Views', article.views],
                ['Helpful', article.helpful],
                ['Not helpful', article.notHelpful],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg bg-slate-50 px-2 py-2">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-lg font-semibold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-sm text-slate-600">
              {article.author ? `Written by ${article.author.name}. ` : ''}
              {article.lastReviewedAt
                ? `Last reviewed ${formatDate(article.lastReviewedAt)}.`
                : 'Not reviewed yet.'}
            </p>
            {isPublicPage ? (
              <a
                href={helpCentreArticlePath(me.workspace.slug, article.slug)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 underline hover:text-indigo-900"
              >
                View in help centre
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : null}
            {mayDelete ? (
              <div className="border-t border-slate-200 pt-3">
                <Button size="sm" variant="danger" onClick={() => setConfirmingDelete(true)}>
                  Delete article
                </Button>
              </div>
            ) : null}
          </section>

          <ArticleHistory
            article={article}
            onRestored={(restored) => {
              show(restored);
              replaceDraft(restored);
            }}
          />
        </aside>
      ) : null}

      <ConfirmDialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete this article?"
        description={
          <>
            “{article?.title}” and its history will be gone for good
            {article?.status === 'published' ? ', and its page in the help centre with it' : ''}.
            {remove.isError ? (
              <span className="mt-2 block font-medium text-red-700">{remove.error.message}</span>
            ) : null}
          </>
        }
        confirmLabel="Delete article"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
