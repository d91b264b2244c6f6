import { permissionsOf, type Role } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import type { AppPage } from '../app-pages';
import { isWithinSection, sidebarFor } from './visible-nav';

const paths = (pages: readonly AppPage[]) =>
  pages.flatMap((page) => [page.path, ...(page.children ?? []).map((child) => child.path)]);

const sidebarOf = (role: Role) =>
  sidebarFor({ permissions: permissionsOf(role), workspace: { role } as never });

describe('sidebarFor (issue 3: the sidebar hides what the role cannot do)', () => {
  it('shows an Admin every section and Settings', () => {
    const { main, footer } = sidebarOf('admin');
    expect(main.map((page) => page.label)).toEqual([
      'Dashboard',
      'Team Management',
      'Project Management',
      'Help Desk',
      'Marketing Automation',
      'Analytics',
      'Calendar',
      'Time Clock',
      'Documents',
    ]);
    expect(footer.map((page) => page.label)).toEqual(['Settings', 'Help & Support']);
  });

  it('shows Settings to every member with settings of their own, not to Customers', () => {
    for (const role of ['manager', 'employee', 'contractor'] as const) {
      expect(paths(sidebarOf(role).footer)).toEqual(['/settings', '/support']);
    }
    expect(paths(sidebarOf('customer').footer)).toEqual(['/support']);
  });

  it('shows a Contractor no Team section, and no project reports', () => {
    const all = paths(sidebarOf('contractor').main);
    expect(all.filter((path) => path.startsWith('/team'))).toEqual([]);
    expect(all).toEqual([
      '/dashboard',
      '/projects',
      '/projects/active',
      '/projects/tasks',
      '/projects/kanban',
      '/calendar',
      '/timeclock',
    ]);
  });

  it('shows a Customer only the Customer Portal, first', () => {
    const { main } = sidebarOf('customer');
    expect(main.map((page) => [page.path, page.label])).toEqual([['/helpdesk/portal', 'Customer Portal']]);
    expect(main[0]?.children).toBeUndefined();
  });
});

describe('isWithinSection', () => {
  it('matches the section and its children, not a longer name', () => {
    expect(isWithinSection('/team', '/team')).toBe(true);
    expect(isWithinSection('/team/scheduling', '/team')).toBe(true);
    expect(isWithinSection('/teams', '/team')).toBe(false);
  });
});
