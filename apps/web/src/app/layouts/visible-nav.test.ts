import { can, permissionsOf, roles, type Role } from '@atrium/shared';
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

  it('shows a Contractor no Team section, no project reports, and their own Time Tracking', () => {
    const { main } = sidebarOf('contractor');
    expect(main.map((page) => page.label)).not.toContain('Team Management');
    expect(paths(main)).toEqual([
      '/dashboard',
      '/team/time-tracking',
      '/projects',
      '/projects/active',
      '/projects/tasks',
      '/projects/kanban',
      '/calendar',
    ]);
    expect(main.find((page) => page.path === '/team/time-tracking')?.label).toBe('Time Tracking');
  });

  it('shows no Time Clock placeholder to any role (issue 20)', () => {
    for (const role of roles) {
      const labels = sidebarOf(role).main.flatMap((page) => [
        page.label,
        ...(page.children ?? []).map((child) => child.label),
      ]);
      expect(labels).not.toContain('Time Clock');
    }
  });

  it('gives every role that tracks its time a way to Time Tracking', () => {
    for (const role of roles.filter((each) => can(each, 'time:track-own'))) {
      expect(paths(sidebarOf(role).main), role).toContain('/team/time-tracking');
    }
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
