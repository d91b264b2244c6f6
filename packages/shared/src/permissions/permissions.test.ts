import { describe, expect, it } from 'vitest';
import { roles } from '../domain/enums';
import {
  actions,
  can,
  homePathFor,
  mayDeleteTask,
  permissionMatrix,
  permissionsOf,
  type Action,
} from './permissions';

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

  it('lets only Admins and Managers export the whole directory (issue 20)', () => {
    expect(roles.filter((role) => can(role, 'people:export'))).toEqual(['admin', 'manager']);
  });
});

describe('deleting a task (issue 20)', () => {
  const me = 'employee-1';
  const someoneElse = 'employee-2';
  const asRole = (role: (typeof roles)[number], employeeId: string | null = me) => ({
    may: (action: Action) => can(role, action),
    employeeId,
  });
  const task = (reporterId: string | null, projectManagerId: string | null = someoneElse) => ({
    reporterId,
    projectManagerId,
  });

  it('lets Managers and Admins delete any task', () => {
    expect(roles.filter((role) => can(role, 'tasks:delete-any'))).toEqual(['admin', 'manager']);
    expect(mayDeleteTask(asRole('manager'), task(someoneElse))).toBe(true);
    expect(mayDeleteTask(asRole('admin'), task(null, null))).toBe(true);
  });

  it("lets an Employee or Contractor delete a task they reported or whose project they manage, not another's", () => {
    for (const role of ['employee', 'contractor'] as const) {
      expect(mayDeleteTask(asRole(role), task(me))).toBe(true);
      expect(mayDeleteTask(asRole(role), task(someoneElse, me))).toBe(true);
      expect(mayDeleteTask(asRole(role), task(someoneElse))).toBe(false);
      expect(mayDeleteTask(asRole(role), task(null, null))).toBe(false);
    }
  });

  it('never matches a member without an employee record, nor one who may not work on tasks', () => {
    expect(mayDeleteTask(asRole('employee', null), task(null, null))).toBe(false);
    expect(mayDeleteTask(asRole('customer'), task(me))).toBe(false);
  });

  it("stays within an API token's scopes", () => {
    const token = (scopes: Action[]) => ({
      may: (action: Action) => scopes.includes(action),
      employeeId: me,
    });
    expect(mayDeleteTask(token(['tasks:work']), task(someoneElse))).toBe(false);
    expect(mayDeleteTask(token(['tasks:work', 'tasks:delete-any']), task(someoneElse))).toBe(true);
    expect(mayDeleteTask(token(['tasks:delete-any']), task(me))).toBe(false);
  });
});
