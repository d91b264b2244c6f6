import { describe, expect, it } from 'vitest';
import {
  articleImageUrl,
  articleImageUrlPattern,
  articleNeedsReview,
  articleSlug,
  articlesVisibleTo,
  articleStatusesAfter,
  canDeleteArticle,
  canMoveArticle,
  categoryPlacementProblem,
  normalizeSearchQuery,
} from './knowledge-rules';

describe('knowledge base rules (issue 22)', () => {
  it('moves an article draft -> published -> archived, and back to draft', () => {
    expect(canMoveArticle('draft', 'published')).toBe(true);
    expect(canMoveArticle('published', 'archived')).toBe(true);
    expect(canMoveArticle('archived', 'draft')).toBe(true);
    expect(canMoveArticle('published', 'draft')).toBe(true);
  });

  it('never publishes from the archive, archives a draft, or moves to the same status', () => {
    expect(canMoveArticle('archived', 'published')).toBe(false);
    expect(canMoveArticle('draft', 'archived')).toBe(false);
    expect(canMoveArticle('draft', 'draft')).toBe(false);
    expect(articleStatusesAfter('archived')).toEqual(['draft']);
  });

  it('shows customers and the public only published, public articles; agents everything', () => {
    expect(articlesVisibleTo('agent')).toEqual({});
    expect(articlesVisibleTo('customer')).toEqual({ status: 'published', visibility: 'public' });
    expect(articlesVisibleTo('public')).toEqual({ status: 'published', visibility: 'public' });
  });

  it('remembers a search that found nothing once, whatever its case and spacing', () => {
    expect(normalizeSearchQuery('  Reset   PASSWORD ')).toBe('reset password');
  });

  it('keeps categories to two levels', () => {
    const fine = { parentIsTop: true, hasChildren: false, isSelf: false };
    expect(categoryPlacementProblem(fine)).toBeUndefined();
    expect(categoryPlacementProblem({ ...fine, parentIsTop: false })).toMatch(/two levels/);
    expect(categoryPlacementProblem({ ...fine, hasChildren: true })).toMatch(/stays on top/);
    expect(categoryPlacementProblem({ ...fine, isSelf: true })).toMatch(/itself/);
  });

  it('gives an article a readable address from its title', () => {
    expect(articleSlug('Reset your password!')).toBe('reset-your-password');
    expect(articleSlug('Crédit & Débit — 2026')).toBe('credit-debit-2026');
    expect(articleSlug('???')).toBe('article');
    expect(articleSlug('a'.repeat(100))).toHaveLength(80);
  });
});

describe('deleting, reviewing and illustrating articles (issue 22)', () => {
  it('lets the author or a help desk manager delete an article, and no other agent', () => {
    expect(canDeleteArticle({ isAuthor: true, canManage: false })).toBe(true);
    expect(canDeleteArticle({ isAuthor: false, canManage: true })).toBe(true);
    expect(canDeleteArticle({ isAuthor: false, canManage: false })).toBe(false);
  });

  it('asks for a review of a published article not reviewed for the set months', () => {
    const now = new Date('2026-07-15T12:00:00Z');
    const published = (lastReviewedAt: string | null) => ({
      status: 'published' as const,
      lastReviewedAt: lastReviewedAt ? new Date(lastReviewedAt) : null,
    });
    expect(articleNeedsReview(published(null), now)).toBe(true);
    expect(articleNeedsReview(published('2026-01-15T12:00:00Z'), now)).toBe(true);
    expect(articleNeedsReview(published('2026-01-16T12:00:00Z'), now)).toBe(false);
    expect(articleNeedsReview(published('2026-04-15T12:00:00Z'), now, 3)).toBe(true);
    // Drafts and archived articles reach nobody: nothing to review.
    expect(articleNeedsReview({ status: 'draft', lastReviewedAt: null }, now)).toBe(false);
    expect(articleNeedsReview({ status: 'archived', lastReviewedAt: null }, now)).toBe(false);
  });

  it('addresses an image under the help centre, and accepts only such addresses in a body', () => {
    const url = articleImageUrl('acme-demo', '0b5f3a52-8f2e-4c1e-9d55-2f4b2a1c9e10');
    expect(url).toBe('/help/acme-demo/images/0b5f3a52-8f2e-4c1e-9d55-2f4b2a1c9e10');
    expect(articleImageUrlPattern.test(url)).toBe(true);
    expect(articleImageUrlPattern.test(`https://evil.test${url}`)).toBe(false);
    expect(articleImageUrlPattern.test(`//evil.test${url}`)).toBe(false);
    expect(articleImageUrlPattern.test('/help/acme-demo/images/../../api/v1/me')).toBe(false);
  });
});
