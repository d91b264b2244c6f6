import type {
  CreateKnowledgeArticleInput,
  CreateKnowledgeCategoryInput,
  KnowledgeArticle,
  KnowledgeArticleImage,
  KnowledgeArticleList,
  KnowledgeArticleStatus,
  KnowledgeArticleVisibility,
  KnowledgeCategory,
  KnowledgeCategoryTree,
  KnowledgeDiff,
  KnowledgeReviewList,
  KnowledgeRevisionList,
  KnowledgeSearchMissList,
  MoveKnowledgeCategoryInput,
  UpdateKnowledgeArticleInput,
} from '@atrium/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The agents' knowledge base (issue 22), under /api/v1/helpdesk/kb.

const kb = '/api/v1/helpdesk/kb';
const articlePath = (id: string) => `${kb}/articles/${encodeURIComponent(id)}`;
const categoryPath = (id: string) => `${kb}/categories/${encodeURIComponent(id)}`;

/** Everything of the knowledge base: a change anywhere refreshes its lists. */
export const knowledgeQueryKey = ['knowledge'] as const;

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...knowledgeQueryKey, 'categories'],
    queryFn: ({ signal }) => apiRequest<KnowledgeCategoryTree>(`${kb}/categories`, { signal }),
  });

export type ArticleFilters = {
  q: string;
  categoryId: string;
  status: KnowledgeArticleStatus | '';
  visibility: KnowledgeArticleVisibility | '';
  tag: string;
};

const articleListQuery = (filters: Partial<ArticleFilters>, cursor: string | null, limit: number) => {
  const params = new URLSearchParams({ limit: String(limit) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
};

/** The articles, newest change first; with `q`, the best matches with their snippets. */
export const articlesQueryOptions = (filters: ArticleFilters) =>
  infiniteQueryOptions({
    queryKey: [...knowledgeQueryKey, 'articles', filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<KnowledgeArticleList>(`${kb}/articles?${articleListQuery(filters, pageParam, 25)}`, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The list stays while the next search runs: typing does not flash an empty list.
    placeholderData: keepPreviousData,
  });

/** A few published articles for a search (the ticket composer's "Insert article"). */
export const publishedArticleSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...knowledgeQueryKey, 'articles', 'published', q],
    queryFn: ({ signal }) =>
      apiRequest<KnowledgeArticleList>(
        `${kb}/articles?${articleListQuery({ q, status: 'published' }, null, 8)}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const reviewQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...knowledgeQueryKey, 'review'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<KnowledgeReviewList>(
        `${kb}/review?limit=25${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const searchMissesQueryOptions = () =>
  queryOptions({
    queryKey: [...knowledgeQueryKey, 'search-misses'],
    queryFn: ({ signal }) => apiRequest<KnowledgeSearchMissList>(`${kb}/search-misses`, { signal }),
  });

export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...knowledgeQueryKey, 'article', id],
    queryFn: ({ signal }) => apiRequest<KnowledgeArticle>(articlePath(id), { signal }),
  });

export const revisionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...knowledgeQueryKey, 'article', id, 'revisions'],
    queryFn: ({ signal }) => apiRequest<KnowledgeRevisionList>(`${articlePath(id)}/revisions`, { signal }),
  });

export const diffQueryOptions = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: [...knowledgeQueryKey, 'article', id, 'diff', from, to],
    queryFn: ({ signal }) =>
      apiRequest<KnowledgeDiff>(`${articlePath(id)}/diff?from=${from}&to=${to}`, { signal }),
  });

export const createCategory = (input: CreateKnowledgeCategoryInput) =>
  apiRequest<KnowledgeCategory>(`${kb}/categories`, { method: 'POST', json: input });

export const renameCategory = (id: string, input: { name: string; version: number }) =>
  apiRequest<KnowledgeCategory>(categoryPath(id), { method: 'PATCH', json: input });

export const moveCategory = (id: string, input: MoveKnowledgeCategoryInput) =>
  apiRequest<KnowledgeCategory>(`${categoryPath(id)}/move`, { method: 'POST', json: input });

export const deleteCategory = (id: string) => apiRequest<void>(categoryPath(id), { method: 'DELETE' });

export const createArticle = (input: CreateKnowledgeArticleInput) =>
  apiRequest<KnowledgeArticle>(`${kb}/articles`, { method: 'POST', json: input });

export const updateArticle = (id: string, input: UpdateKnowledgeArticleInput) =>
  apiRequest<KnowledgeArticle>(articlePath(id), { method: 'PATCH', json: input });

export const moveArticle = (id: string, input: { status: KnowledgeArticleStatus; version: number }) =>
  apiRequest<KnowledgeArticle>(`${articlePath(id)}/status`, { method: 'POST', json: input });

export const markArticleReviewed = (id: string) =>
  apiRequest<KnowledgeArticle>(`${articlePath(id)}/review`, { method: 'POST' });

export const deleteArticle = (id: string) => apiRequest<void>(articlePath(id), { method: 'DELETE' });

export const restoreRevision = (id: string, revisionId: string, version: number) =>
  apiRequest<KnowledgeArticle>(`${articlePath(id)}/revisions/${encodeURIComponent(revisionId)}/restore`, {
    method: 'POST',
    json: { version },
  });

/**
 * Uploads an image for the article's body, reporting the share sent so far (0 to 1): fetch cannot
 * tell upload progress, an XMLHttpRequest can.
 */
export function uploadArticleImage(
  id: string,
  file: File,
  onProgress: (sent: number) => void,
): Promise<KnowledgeArticleImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${articlePath(id)}/images`);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { error?: { message?: string } } | null;
      if (request.status >= 200 && request.status < 300) resolve(body as KnowledgeArticleImage);
      else reject(new Error(body?.error?.message ?? `The upload failed (${request.status})`));
    };
    request.onerror = () => reject(new Error('The upload failed: check your connection'));
    const form = new FormData();
    form.set('file', file);
    request.send(form);
  });
}
