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
