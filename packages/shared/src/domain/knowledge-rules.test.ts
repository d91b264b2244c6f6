import { describe, expect, it } from 'vitest';
import {
  articleSlug,
  articlesVisibleTo,
  articleStatusesAfter,
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
