import { describe, expect, it } from 'vitest';
import { allows, type Action } from '../permissions/permissions';
import type { Role } from './enums';
import {
  customerReopenDeadline,
  firstResponseAfter,
  mayAssignTicket,
  mayCustomerReopen,
  parseTicketStatusFilter,
  ticketNumberIn,
  ticketStatusChange,
  ticketStatusesToList,
  ticketViewScope,
} from './ticket-rules';

const now = new Date('2026-03-02T10:00:00Z');
const earlier = new Date('2026-03-01T09:00:00Z');

describe('ticket status rules (issue 21 "Status rules")', () => {
  it('resolving sets resolvedAt, and keeps it when the ticket already was resolved', () => {
    expect(
      ticketStatusChange({ status: 'in-progress', resolvedAt: null, closedAt: null }, 'resolved', now),
    ).toEqual({ status: 'resolved', resolvedAt: now, closedAt: null });
    expect(
      ticketStatusChange({ status: 'resolved', resolvedAt: earlier, closedAt: null }, 'resolved', now),
    ).toEqual({ status: 'resolved', resolvedAt: earlier, closedAt: null });
  });

  it('reopening clears resolvedAt and closedAt: the resolution clock runs again', () => {
    for (const next of ['open', 'in-progress', 'pending'] as const) {
      expect(
        ticketStatusChange({ status: 'closed', resolvedAt: earlier, closedAt: earlier }, next, now),
      ).toEqual({ status: next, resolvedAt: null, closedAt: null });
    }
  });

  it('closing sets closedAt, and resolvedAt when the ticket was never resolved', () => {
    expect(ticketStatusChange({ status: 'open', resolvedAt: null, closedAt: null }, 'closed', now)).toEqual({
      status: 'closed',
      resolvedAt: now,
      closedAt: now,
    });
    expect(
      ticketStatusChange({ status: 'resolved', resolvedAt: earlier, closedAt: null }, 'closed', now),
    ).toEqual({ status: 'closed', resolvedAt: earlier, closedAt: now });
    // Closed again: nothing moves.
    expect(
      ticketStatusChange({ status: 'closed', resolvedAt: earlier, closedAt: earlier }, 'closed', now),
    ).toEqual({ status: 'closed', resolvedAt: earlier, closedAt: earlier });
  });

  it('a closed ticket set back to resolved is no longer closed', () => {
    expect(
      ticketStatusChange({ status: 'closed', resolvedAt: earlier, closedAt: earlier }, 'resolved', now),
    ).toEqual({ status: 'resolved', resolvedAt: earlier, closedAt: null });
  });
});

describe('first response (issue 21: the first agent reply sets it)', () => {
  it('is set by an agent reply, not by an internal note, a customer or a system message', () => {
    expect(firstResponseAfter(null, { authorKind: 'agent', internal: false }, now)).toBe(now);
    expect(firstResponseAfter(null, { authorKind: 'agent', internal: true }, now)).toBeNull();
    expect(firstResponseAfter(null, { authorKind: 'customer', internal: false }, now)).toBeNull();
    expect(firstResponseAfter(null, { authorKind: 'system', internal: false }, now)).toBeNull();
  });

  it('stays as the first one', () => {
    expect(firstResponseAfter(earlier, { authorKind: 'agent', internal: false }, now)).toBe(earlier);
  });
});

describe('queue views and the status filter', () => {
  it('maps each view to its statuses and assignee', () => {
    expect(ticketViewScope('mine')).toEqual({ statuses: ['open', 'in-progress', 'pending'], assignee: 'me' });
    expect(ticketViewScope('unassigned').assignee).toBe('nobody');
    expect(ticketViewScope('open').statuses).toEqual(['open', 'in-progress']);
    expect(ticketViewScope('pending').statuses).toEqual(['pending']);
    // Breaching soon narrows the unfinished tickets by their due times (the queue repository).
    expect(ticketViewScope('breaching')).toEqual({
      statuses: ['open', 'in-progress', 'pending'],
      assignee: 'anyone',
    });
    expect(ticketViewScope('closed').statuses).toEqual(['resolved', 'closed']);
    expect(ticketViewScope('all')).toEqual({ statuses: [], assignee: 'anyone' });
  });

  it('narrows a view by the status filter; null when they exclude each other', () => {
    expect(ticketStatusesToList('all', [])).toEqual([]);
    expect(ticketStatusesToList('all', ['pending'])).toEqual(['pending']);
    expect(ticketStatusesToList('open', [])).toEqual(['open', 'in-progress']);
    expect(ticketStatusesToList('open', ['in-progress', 'closed'])).toEqual(['in-progress']);
    expect(ticketStatusesToList('closed', ['open'])).toBeNull();
  });

  it('reads a comma list in workflow order, without repeats; every status is no filter', () => {
    expect(parseTicketStatusFilter(undefined)).toEqual([]);
    expect(parseTicketStatusFilter('closed, open,open')).toEqual(['open', 'closed']);
    expect(parseTicketStatusFilter('open,in-progress,pending,resolved,closed')).toEqual([]);
    expect(parseTicketStatusFilter('open,done')).toBeUndefined();
  });

  it('finds a ticket number in #1042 or 1042, and nothing in other text', () => {
    expect(ticketNumberIn('#1042')).toBe(1042);
    expect(ticketNumberIn(' 1042 ')).toBe(1042);
    expect(ticketNumberIn('1042 login')).toBeNull();
    expect(ticketNumberIn('#')).toBeNull();
    expect(ticketNumberIn(undefined)).toBeNull();
  });
});

describe('assignment (issue 21: helpdesk:manage assigns to others)', () => {
  const as = (role: Role, employeeId: string | null = 'me') => ({
    may: (action: Action) => allows({ role, scopes: null }, action),
    employeeId,
  });

  it('lets an agent take a ticket or leave it unassigned, but not give it to someone else', () => {
    expect(mayAssignTicket(as('employee'), 'me')).toBe(true);
    expect(mayAssignTicket(as('employee'), null)).toBe(true);
    expect(mayAssignTicket(as('employee'), 'someone-else')).toBe(false);
    expect(mayAssignTicket(as('employee', null), 'someone-else')).toBe(false);
  });

  it('lets Managers and Admins assign to anyone, and refuses those without the help desk', () => {
    expect(mayAssignTicket(as('manager'), 'someone-else')).toBe(true);
    expect(mayAssignTicket(as('admin'), 'someone-else')).toBe(true);
    expect(mayAssignTicket(as('contractor'), 'me')).toBe(false);
    expect(mayAssignTicket(as('customer'), null)).toBe(false);
  });
});

describe('the customer reopens their ticket in the portal (issue 22: "reopen it within 7 days")', () => {
  const day = 86_400_000;
  const closedAgo = (ms: number) => ({ status: 'closed' as const, closedAt: new Date(now.getTime() - ms) });

  it('reopens a ticket closed up to seven days ago, and not one closed longer ago', () => {
    expect(mayCustomerReopen(closedAgo(day), now)).toBe(true);
    expect(mayCustomerReopen(closedAgo(7 * day), now)).toBe(true);
    expect(mayCustomerReopen(closedAgo(7 * day + 1000), now)).toBe(false);
  });

  it('reopens a resolved ticket, and has nothing to reopen on an unfinished one', () => {
    expect(mayCustomerReopen({ status: 'resolved', closedAt: null }, now)).toBe(true);
    for (const status of ['open', 'in-progress', 'pending'] as const) {
      expect(mayCustomerReopen({ status, closedAt: null }, now)).toBe(false);
    }
  });

  it('names the last moment a closed ticket may be reopened', () => {
    expect(customerReopenDeadline(earlier)).toEqual(new Date(earlier.getTime() + 7 * day));
    expect(customerReopenDeadline(null)).toBeNull();
  });
});
