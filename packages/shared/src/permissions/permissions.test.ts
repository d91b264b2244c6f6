import { describe, expect, it } from 'vitest';
import { roles } from '../domain/enums';
import { actions, can, homePathFor, permissionMatrix, permissionsOf } from './permissions';

describe('permission matrix', () => {
  it('gives every role an entry and only known actions', () => {
    for (const role of roles) {
      for (const action of permissionMatrix[role]) expect(actions).toContain(action);
    }
  });

  it('shows salary and hourly rate to Admin and Manager only (issue 3)', () => {
    expect(roles.filter((role) => can(role, 'people:view-compensation'))).toEqual(['admin', 'manager']);
  });

  it('lets only those who see salaries manage people, since adding and editing set them', () => {
    for (const role of roles) {
      if (can(role, 'people:manage')) expect(can(role, 'people:view-compensation')).toBe(true);
    }
  });

  it('keeps Settings and member management Admin-only (issue 3)', () => {
    expect(roles.filter((role) => can(role, 'settings:manage'))).toEqual(['admin']);
    expect(roles.filter((role) => can(role, 'members:manage'))).toEqual(['admin']);
  });

  it('limits Contractors to their own projects and tasks (issue 3)', () => {
    expect(can('contractor', 'projects:view')).toBe(true);
    expect(can('contractor', 'projects:view-all')).toBe(false);
    expect(can('contractor', 'people:view')).toBe(false);
    expect(can('contractor', 'helpdesk:view')).toBe(false);
  });

  it('gives Customers the customer portal and nothing else (issue 3)', () => {
    expect(permissionsOf('customer')).toEqual(['portal:use']);
    expect(homePathFor('customer')).toBe('/helpdesk/portal');
    expect(homePathFor('employee')).toBe('/dashboard');
  });

  it('orders roles by power: each role can do at least what the next one can', () => {
    const chain = ['admin', 'manager', 'employee'] as const;
    for (let i = 1; i < chain.length; i++) {
      for (const action of permissionMatrix[chain[i]!]) expect(can(chain[i - 1]!, action)).toBe(true);
    }
  });
});
