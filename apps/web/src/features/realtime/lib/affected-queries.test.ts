import { describe, expect, it } from 'vitest';
import { affectedQueries } from './affected-queries';

describe('affected queries', () => {
  it('refreshes the board, list and dashboard when a task or project changes (issue "Projects", Realtime)', () => {
    for (const entityType of ['task', 'project']) {
      expect(affectedQueries(entityType)).toEqual(
        expect.arrayContaining(['tasks', 'projects', 'reports', 'dashboard', 'activity']),
      );
    }
  });

  it('refreshes the Recent Activity feed for every known change', () => {
    for (const entityType of ['employee', 'time_entry', 'shift', 'goal', 'member', 'workspace']) {
      expect(affectedQueries(entityType)).toContain('activity');
    }
  });

  it('refreshes a campaign’s revenue when a lead becomes a customer', () => {
    expect(affectedQueries('lead')).toContain('marketing-campaigns');
  });

  it('refreshes everything on screen for a kind of change it does not know yet', () => {
    expect(affectedQueries('ticket_macro')).toBe('everything');
  });
});
