import type { KnowledgeArticleStatus, KnowledgeArticleVisibility } from '@atrium/shared';

/** Where agents open an article in the app. */
export const agentArticlePath = (id: string) => `/helpdesk/kb/articles/${id}`;

/** Its page in the workspace's public help centre (issue 22): /help/<workspace>/<article>. */
export const helpCentreArticlePath = (workspaceSlug: string, articleSlug: string) =>
  `/help/${workspaceSlug}/${articleSlug}`;

/**
 * The link to give someone: the public page for a published public article (customers can open
 * it), the agents' page otherwise. Absolute, since it leaves the app (a reply, an email).
 */
export function shareableArticleUrl(
  article: {
    id: string;
    slug?: string | undefined;
    status: KnowledgeArticleStatus;
    visibility: KnowledgeArticleVisibility;
  },
  workspaceSlug: string,
  origin = window.location.origin,
): string {
  const isPublic = article.status === 'published' && article.visibility === 'public' && article.slug;
  return (
    origin + (isPublic ? helpCentreArticlePath(workspaceSlug, article.slug!) : agentArticlePath(article.id))
  );
}

export const articleStatusLabels: Record<KnowledgeArticleStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export const articleVisibilityLabels: Record<KnowledgeArticleVisibility, string> = {
  public: 'Public',
  internal: 'Internal',
};
