import { defaultReviewAfterMonths } from '../api/helpdesk-teams';
import type { KnowledgeArticleStatus, KnowledgeArticleVisibility } from './enums';

// Knowledge base rules (issue 22, "Knowledge base (/helpdesk/kb, for agents)").

/**
 * The workflow draft -> published -> archived, and back to draft: a published article can be
 * taken back to draft, an archived one is brought back through draft (reviewed before it shows
 * again), never published straight from the archive; a draft is not archived unpublished (delete
 * it instead).
 */
const nextStatuses: Record<KnowledgeArticleStatus, readonly KnowledgeArticleStatus[]> = {
  draft: ['published'],
  published: ['archived', 'draft'],
  archived: ['draft'],
};

export const articleStatusesAfter = (status: KnowledgeArticleStatus) => nextStatuses[status];

export const canMoveArticle = (from: KnowledgeArticleStatus, to: KnowledgeArticleStatus) =>
  nextStatuses[from].includes(to);

/** Who is searching: agents see everything; the portal's customers and the public help centre the same. */
export const knowledgeAudiences = ['agent', 'customer', 'public'] as const;
export type KnowledgeAudience = (typeof knowledgeAudiences)[number];

/**
 * What an audience may read (issue 22: drafts, archived and internal articles never reach the
 * portal or the help centre); undefined means no limit.
 */
export function articlesVisibleTo(audience: KnowledgeAudience): {
  status?: KnowledgeArticleStatus;
  visibility?: KnowledgeArticleVisibility;
} {
  return audience === 'agent' ? {} : { status: 'published', visibility: 'public' };
}

/** How a search is remembered when it found nothing: one row for "Reset  Password" and "reset password". */
export const normalizeSearchQuery = (query: string) => query.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Categories are two levels (issue 22): a subcategory's parent is a top category, and a category
 * with subcategories stays on top.
 */
export function categoryPlacementProblem(placement: {
  parentIsTop: boolean;
  hasChildren: boolean;
  isSelf: boolean;
}): string | undefined {
  if (placement.isSelf) return 'A category cannot be inside itself';
  if (!placement.parentIsTop) return 'Choose a top category: categories have two levels';
  if (placement.hasChildren) return 'This category has subcategories, so it stays on top';
  return undefined;
}

/**
 * The readable part of an article's public address, from its title: "Reset your password!" ->
 * "reset-your-password". Accents are dropped, other letters kept; at most 80 characters.
 */
export function articleSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
  return words || 'article';
}

/**
 * Who may delete an article: its author, and whoever arranges the knowledge base (helpdesk:manage).
 * Other agents edit it or take it back to draft, but a colleague's writing is not theirs to remove.
 */
export const canDeleteArticle = (who: { isAuthor: boolean; canManage: boolean }) =>
  who.isAuthor || who.canManage;

/**
 * Whether a published article is due for review: never reviewed, or last reviewed `months` (the
 * workspace's, Settings -> Help desk) or more before `now`. The review list, its reminder and the editor's badge all read this rule.
 */
export function articleNeedsReview(
  article: { status: KnowledgeArticleStatus; lastReviewedAt: Date | null },
  now: Date,
  months = defaultReviewAfterMonths,
): boolean {
  if (article.status !== 'published') return false;
  if (!article.lastReviewedAt) return true;
  const due = new Date(article.lastReviewedAt);
  due.setUTCMonth(due.getUTCMonth() + months);
  return due <= now;
}

/**
 * Where an article's image is served: under the workspace's help centre, so that one address works
 * in the agents' editor, the portal and the public help centre (the server decides who may see it).
 */
export const articleImageUrl = (workspaceSlug: string, fileId: string) =>
  `/help/${workspaceSlug}/images/${fileId}`;

/** An article image's address as the body keeps it: same origin, nothing else is an <img> there. */
export const articleImageUrlPattern =
  /^\/help\/[a-z0-9][a-z0-9-]*\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
