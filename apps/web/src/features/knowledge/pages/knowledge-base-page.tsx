import {
  knowledgeArticleStatuses,
  knowledgeArticleVisibilities,
  type KnowledgeArticleStatus,
  type KnowledgeArticleVisibility,
} from '@atrium/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BookOpen, CircleCheck, Plus, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FilterSelect } from '../../../components/ui/filter-select';
import { Input } from '../../../components/ui/input';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadMore } from '../../../components/ui/paged-list';
import { SearchField } from '../../../components/ui/search-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { hasPermission, useMe } from '../../accounts';
import { useWorkspaceTimeZone } from '../../workspace';
import {
  articlesQueryOptions,
  reviewQueryOptions,
  searchMissesQueryOptions,
  type ArticleFilters,
} from '../api/knowledge.queries';
import { ArticleList } from '../components/article-list';
import { CategoryTree } from '../components/category-tree';
import { articleStatusLabels, articleVisibilityLabels } from '../lib/article-links';

const noun = { one: 'article', many: 'articles' };

/**
 * /helpdesk/kb (issue 22): the agents' knowledge base. The articles with search (ranked, the words
 * marked) and filters, the categories beside them, the articles due for review and the searches
 * that found nothing (what to write next).
 */
export function KnowledgeBasePage() {
  const me = useMe();
  const [tab, setTab] = useState('articles');

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Knowledge Base"
        description="Articles that answer customers before they need to ask."
        actions={
          <Link to="/helpdesk/kb/new" className={buttonClasses({})}>
            <Plus aria-hidden="true" className="size-4" />
            New article
          </Link>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Knowledge base views">
          <TabsTrigger value="articles">Articles</TabsTrigger>
          <TabsTrigger value="review">Needs review</TabsTrigger>
          <TabsTrigger value="misses">Searches with no results</TabsTrigger>
        </TabsList>
        <TabsContent value="articles">
          <ArticlesView mayManage={hasPermission(me, 'helpdesk:manage')} />
        </TabsContent>
        <TabsContent value="review">
          <ReviewView />
        </TabsContent>
        <TabsContent value="misses">
          <SearchMissesView />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ArticlesView({ mayManage }: { mayManage: boolean }) {
  const timeZone = useWorkspaceTimeZone();
  const [filters, setFilters] = useState<ArticleFilters>({
    q: '',
    categoryId: '',
    status: '',
    visibility: '',
    tag: '',
  });
  const [tagText, setTagText] = useState('');
  const tag = useDebouncedValue(tagText.trim().toLowerCase(), 300);
  const applied = { ...filters, tag };
  const list = useInfiniteQuery(articlesQueryOptions(applied));
  const articles = list.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = Boolean(
    applied.q || applied.categoryId || applied.status || applied.visibility || applied.tag,
  );

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 lg:self-start">
        <CategoryTree
          selected={filters.categoryId}
          onSelect={(categoryId) => setFilters({ ...filters, categoryId })}
          mayManage={mayManage}
        />
      </aside>
      <section aria-labelledby="articles-heading" className="min-w-0 space-y-4">
        <h2 id="articles-heading" className="sr-only">
          Articles
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <div className="sm:min-w-64 sm:flex-1">
            <SearchField
              label="Search articles"
              placeholder="Search titles, summaries and text…"
              value={filters.q}
              onSearch={(q) => setFilters({ ...filters, q })}
              searching={list.isFetching && list.isPlaceholderData}
            />
          </div>
          <FilterSelect<KnowledgeArticleStatus>
            label="Status"
            allLabel="All statuses"
            values={knowledgeArticleStatuses}
            labels={articleStatusLabels}
            value={filters.status}
            onChange={(status) => setFilters({ ...filters, status })}
            className="sm:w-40"
          />
          <FilterSelect<KnowledgeArticleVisibility>
            label="Visibility"
            allLabel="All visibilities"
            values={knowledgeArticleVisibilities}
            labels={articleVisibilityLabels}
            value={filters.visibility}
            onChange={(visibility) => setFilters({ ...filters, visibility })}
            className="sm:w-40"
          />
          <Input
            aria-label="Tag"
            placeholder="Tag"
            value={tagText}
            onChange={(event) => setTagText(event.target.value)}
            className="sm:w-36"
          />
        </div>
        <p aria-live="polite" className="text-sm text-slate-600">
          {list.isPending
            ? 'Loading articles…'
            : applied.q
              ? `${articles.length === 1 ? '1 article matches' : `${articles.length} articles match`} “${applied.q}”, best first`
              : null}
        </p>
        {list.isPending ? (
          <ListSkeleton label="Loading articles…" rows={5} />
        ) : list.isError && !list.isFetchNextPageError ? (
          <LoadError
            error={list.error}
            title="The articles could not be loaded"
            onRetry={() => void list.refetch()}
          />
        ) : articles.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={SearchX}
              title="No articles match"
              description="Try other words or fewer filters. Searches that find nothing are listed under “Searches with no results”."
            />
          ) : (
            <EmptyState
              icon={BookOpen}
              title="No articles yet"
              description="Write the answer to a question customers often ask: publish it and they find it in the help centre."
              action={
                <Link to="/helpdesk/kb/new" className={buttonClasses({})}>
                  New article
                </Link>
              }
            />
          )
        ) : (
          <>
            <ArticleList articles={articles} timeZone={timeZone} />
            <LoadMore list={list} noun={noun} />
          </>
        )}
      </section>
    </div>
  );
}

function ReviewView() {
  const timeZone = useWorkspaceTimeZone();
  const list = useInfiniteQuery(reviewQueryOptions());
  const articles = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="review-heading" className="mt-6 space-y-4">
      <div>
        <h2 id="review-heading" className="text-lg font-semibold text-slate-900">
          Needs review
        </h2>
        <p className="text-sm text-slate-600">
          Published articles not reviewed for a while, longest first. Open one, check it is still right and
          mark it as reviewed.
        </p>
      </div>
      {list.isPending ? (
        <ListSkeleton label="Loading articles due for review…" rows={4} />
      ) : list.isError && !list.isFetchNextPageError ? (
        <LoadError
          error={list.error}
          title="The articles could not be loaded"
          onRetry={() => void list.refetch()}
        />
      ) : articles.length === 0 ? (
        <EmptyState
          icon={CircleCheck}
          title="Nothing to review"
          description="Every published article has been reviewed recently."
        />
      ) : (
        <>
          <ArticleList
            articles={articles}
            timeZone={timeZone}
            aside={(article) => {
              const reviewed = articles.find((row) => row.id === article.id)?.lastReviewedAt;
              return reviewed ? `Last reviewed ${formatDate(reviewed, timeZone)}` : 'Never reviewed';
            }}
          />
          <LoadMore list={list} noun={noun} />
        </>
      )}
    </section>
  );
}

function SearchMissesView() {
  const timeZone = useWorkspaceTimeZone();
  const misses = useQuery(searchMissesQueryOptions());
  return (
    <section aria-labelledby="misses-heading" className="mt-6 space-y-4">
      <div>
        <h2 id="misses-heading" className="text-lg font-semibold text-slate-900">
          Searches with no results
        </h2>
        <p className="text-sm text-slate-600">
          What agents, customers and visitors looked for and found nothing, most asked first: what to write
          next.
        </p>
      </div>
      {misses.isPending ? (
        <ListSkeleton label="Loading searches…" rows={4} />
      ) : misses.isError ? (
        <LoadError
          error={misses.error}
          title="The searches could not be loaded"
          onRetry={() => void misses.refetch()}
        />
      ) : misses.data.data.length === 0 ? (
        <EmptyState
          icon={CircleCheck}
          title="Every search found something"
          description="Searches that find nothing will be listed here."
        />
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {misses.data.data.map((miss) => (
            <li key={miss.query} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="min-w-0 font-medium break-words text-slate-900">“{miss.query}”</span>
              <span className="text-sm text-slate-600">
                {miss.count === 1 ? 'Once' : `${miss.count} times`} · last{' '}
                {formatDateTime(miss.lastSearchedAt, timeZone)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
